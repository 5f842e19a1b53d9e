import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrate } from '../../apps/server/src/db/migrate.ts';
import { openDatabase } from '../../apps/server/src/db/open-database.ts';
import { generateDemoPlaces } from '../../apps/server/src/demo-data/generate.ts';
import { ensureDemoCategories, insertDemoPlaces } from '../../apps/server/src/demo-data/seed.ts';

export interface SeededFolder {
  dataDir: string;
  rowsPerSecond: number;
}

const shared = new Map<number, Promise<SeededFolder>>();

/**
 * A PGlite folder of `count` published demo places that benchmarks which only read share (seeding
 * a million places takes minutes); removed by {@link removeSharedFolders} at the end of the run.
 */
export function sharedSeededFolder(count: number): Promise<SeededFolder> {
  let folder = shared.get(count);
  if (!folder) {
    folder = seededPgliteFolder(count);
    shared.set(count, folder);
  }
  return folder;
}

export async function removeSharedFolders(): Promise<void> {
  for (const folder of shared.values()) rmSync((await folder).dataDir, { recursive: true, force: true });
  shared.clear();
}

/** A new PGlite folder holding `count` published demo places; returns it and the load rate. */
export async function seededPgliteFolder(count: number): Promise<SeededFolder> {
  const dataDir = mkdtempSync(join(tmpdir(), `karta-bench-${count}-`));
  const db = await openDatabase({ databaseUrl: null, dataDir });
  try {
    await migrate(db);
    await ensureDemoCategories(db);
    const started = performance.now();
    await insertDemoPlaces(db, generateDemoPlaces(count));
    return { dataDir, rowsPerSecond: count / ((performance.now() - started) / 1000) };
  } finally {
    await db.close();
  }
}
