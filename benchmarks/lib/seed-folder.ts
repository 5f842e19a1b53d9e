import { sharedSeededDatabase } from './seeded-database.ts';

export interface SeededFolder {
  dataDir: string;
  rowsPerSecond: number;
}

/**
 * The shared PGlite folder of `count` Zagreb-dense places, for benchmarks that take a folder
 * rather than a {@link BenchTarget} (see seeded-database.ts; removed with the others at the end).
 */
export async function sharedSeededFolder(count: number): Promise<SeededFolder> {
  const database = await sharedSeededDatabase({ db: 'pglite', shape: 'zagreb' }, count);
  return { dataDir: database.dataDir as string, rowsPerSecond: database.rowsPerSecond };
}
