import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { migrate } from '../../src/db/migrate.ts';
import { openPgliteDatabase } from '../../src/db/pglite/pglite-database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PGlite database folder with every migration applied, for test files to copy. */
    pgliteTemplate: string;
  }
}

/**
 * Migrates one PGlite database for the whole `server-pglite` run: each test app starts from a
 * copy of its folder instead of creating and migrating a database of its own, which PGlite does
 * in WebAssembly in about 2 s (docs/testing.md). Removed at the end of the run.
 */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'karta-pglite-template-'));
  const database = await openPgliteDatabase(dir);
  try {
    await migrate(database);
  } finally {
    await database.close();
  }
  project.provide('pgliteTemplate', join(dir, 'pglite'));
  return () => rmSync(dir, { recursive: true, force: true });
}
