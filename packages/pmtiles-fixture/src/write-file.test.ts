import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { writeZagrebBasemap } from './write-file.ts';
import { zagrebBasemap } from './zagreb.ts';

const folder = await mkdtemp(join(tmpdir(), 'karta-pmtiles-'));
afterAll(() => rm(folder, { recursive: true, force: true }));

it('writes the Zagreb base map to a file in a folder it makes', async () => {
  const path = join(folder, 'maps', 'zagreb.pmtiles');
  const size = await writeZagrebBasemap(path);
  const written = new Uint8Array(await readFile(path));
  expect(written.length).toBe(size);
  expect(written).toEqual(zagrebBasemap());
});
