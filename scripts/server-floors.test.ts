// The server's floors are one list in scripts/server-floors.mjs, which writes their lint overrides
// into biome.json. These fail when the two disagree (run `node scripts/server-floors.mjs`), when a
// server folder is missing from the list, or when a file sits deeper than the overrides read.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isFloorOverride, MAX_DEPTH, SERVER_FLOORS, SERVER_SRC, withFloors } from './server-floors.mjs';

const root = resolve(import.meta.dirname, '..');
const src = join(root, SERVER_SRC);

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx|mts|js|mjs)$/.test(entry.name) ? [path] : [];
  });
}

describe('the server floors (scripts/server-floors.mjs)', () => {
  it('are the overrides in biome.json, in place: run `node scripts/server-floors.mjs` after changing them', () => {
    const config = JSON.parse(readFileSync(join(root, 'biome.json'), 'utf8'));
    expect(config.overrides.filter(isFloorOverride).length).toBeGreaterThan(0);
    expect(config).toEqual(withFloors(config));
  });

  it('place every folder of the server once, and only folders that exist', () => {
    const folders = readdirSync(src, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
    const listed = SERVER_FLOORS.flat();
    expect(new Set(listed).size).toBe(listed.length);
    expect([...listed].sort()).toEqual(folders);
  });

  it(`have no file more than ${MAX_DEPTH - 1} subfolder(s) down a floor folder, where the overrides read relative imports right`, () => {
    const tooDeep = sourceFiles(src)
      .map((file) => relative(src, file).split(sep))
      .filter((parts) => parts.length - 2 > MAX_DEPTH - 1)
      .map((parts) => parts.join('/'));
    expect(tooDeep).toEqual([]);
  });
});
