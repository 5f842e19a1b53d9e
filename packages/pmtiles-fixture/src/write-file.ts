import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { zagrebBasemap } from './zagreb.ts';

/** Writes the Zagreb base map to `path` (its folder made if missing); resolves to its size in bytes. */
export async function writeZagrebBasemap(path: string, options: { maxZoom?: number } = {}): Promise<number> {
  const bytes = zagrebBasemap(options);
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, bytes);
  return bytes.length;
}
