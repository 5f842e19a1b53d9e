import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrate } from '../../apps/server/src/db/migrate.ts';
import { openDatabase } from '../../apps/server/src/db/open-database.ts';
import { generateDemoPlaces } from '../../apps/server/src/demo-data/generate.ts';
import { ensureDemoCategories, insertDemoPlaces } from '../../apps/server/src/demo-data/seed.ts';

/** A new PGlite folder holding `count` published demo places; returns it and the load rate. */
export async function seededPgliteFolder(count: number): Promise<{ dataDir: string; rowsPerSecond: number }> {
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
