import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  sliceLayers,
  tilesOfBox,
  writeArchive,
  ZAGREB_BOUNDS,
  ZAGREB_LAYERS,
  zagrebBasemap,
} from '@karta/pmtiles-fixture';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BasemapArchive, openBasemap } from './basemap-archive.ts';
import { boxSize } from './tile-count.ts';

const folder = await mkdtemp(join(tmpdir(), 'karta-tile-count-'));
afterAll(() => rm(folder, { recursive: true, force: true }));

async function open(name: string, bytes: Uint8Array): Promise<BasemapArchive> {
  await writeFile(join(folder, name), bytes);
  return openBasemap({ kind: 'file', path: join(folder, name) });
}

const box = ([west, south, east, north]: readonly [number, number, number, number]) => ({
  west,
  south,
  east,
  north,
});

describe('boxSize', () => {
  let zagreb: BasemapArchive;
  beforeAll(async () => {
    zagreb = await open('zagreb.pmtiles', zagrebBasemap());
  });
  afterAll(() => zagreb.close());

  /** The stored length of each tile the archive was written with, inside `within` at zooms ≤ `maxZoom`. */
  async function expected(within: readonly [number, number, number, number], maxZoom: number) {
    const inside = new Set(
      Array.from({ length: maxZoom + 1 }, (_, z) => tilesOfBox(within, z))
        .flat()
        .map(({ z, x, y }) => `${z}/${x}/${y}`),
    );
    const tiles = sliceLayers(ZAGREB_LAYERS, { bounds: ZAGREB_BOUNDS, minZoom: 0, maxZoom: 12 }).filter(
      (tile) => inside.has(`${tile.z}/${tile.x}/${tile.y}`),
    );
    let bytes = 0;
    for (const tile of tiles) bytes += (await zagreb.tile(tile.z, tile.x, tile.y))?.length ?? 0;
    return { tiles: tiles.length, bytes, maxZoom };
  }

  it("counts every tile of the archive's own box, and their stored bytes, to its deepest zoom", async () => {
    const size = await boxSize(zagreb, box(ZAGREB_BOUNDS), 15, 200_000);
    expect(size).toEqual(await expected(ZAGREB_BOUNDS, 12));
    expect(size).toMatchObject({ maxZoom: 12 });
    expect('tiles' in size && size.tiles).toBeGreaterThan(40);
  });

  it('counts only the tiles of a smaller box, down to the zoom asked when the archive goes deeper', async () => {
    const centre = [15.95, 45.79, 16.0, 45.82] as const;
    expect(await boxSize(zagreb, box(centre), 15, 200_000)).toEqual(await expected(centre, 12));
    expect(await boxSize(zagreb, box(centre), 10, 200_000)).toEqual(await expected(centre, 10));
  });

  it('finds nothing where the archive has nothing but its tile of the whole world', async () => {
    const far = [-100, -40, -99, -39] as const;
    const world = (await zagreb.tile(0, 0, 0))?.length;
    expect(await boxSize(zagreb, box(far), 15, 200_000)).toEqual({ tiles: 1, bytes: world, maxZoom: 12 });
  });

  it('does not walk a box that needs more tiles than it may count', async () => {
    // The world at zooms 0 to 12: (4^13 - 1) / 3 tiles, minus the rows beyond 85°.
    const world = await boxSize(zagreb, box([-180, -85, 180, 85]), 15, 200_000);
    expect(world).toMatchObject({ tooMany: expect.any(Number) });
    expect('tooMany' in world && world.tooMany).toBeGreaterThan(20_000_000);
    // The limit is on the tiles the box needs, wherever the archive has some.
    const needed = Array.from({ length: 13 }, (_, z) => tilesOfBox(ZAGREB_BOUNDS, z).length).reduce(
      (a, b) => a + b,
    );
    expect(await boxSize(zagreb, box(ZAGREB_BOUNDS), 15, needed - 1)).toEqual({ tooMany: needed });
    expect(await boxSize(zagreb, box(ZAGREB_BOUNDS), 15, needed)).not.toHaveProperty('tooMany');
  });

  it('counts each tile of a run of equal tiles that lies in the box, with its bytes', async () => {
    const sea = new TextEncoder().encode('the same tile everywhere');
    const world = [-180, -85, 180, 85] as const;
    const tiles = tilesOfBox(world, 5).map((tile) => ({ ...tile, data: sea }));
    const archive = await open(
      'runs.pmtiles',
      writeArchive(tiles, { bounds: world, minZoom: 5, maxZoom: 5, metadata: {} }),
    );
    const part = [10, 40, 30, 50] as const;
    const size = await boxSize(archive, box(part), 15, 200_000);
    const length = (await archive.tile(5, tiles[0]?.x ?? 0, tiles[0]?.y ?? 0))?.length ?? 0;
    expect(size).toEqual({
      tiles: tilesOfBox(part, 5).length,
      bytes: tilesOfBox(part, 5).length * length,
      maxZoom: 5,
    });
    await archive.close();
  });

  it('counts both sides of a box across the antimeridian', async () => {
    const world = [-180, -85, 180, 85] as const;
    const tiles = tilesOfBox(world, 4).map((tile, n) => ({
      ...tile,
      data: new TextEncoder().encode(`tile ${n}`),
    }));
    const archive = await open(
      'world.pmtiles',
      writeArchive(tiles, { bounds: world, minZoom: 4, maxZoom: 4, metadata: {} }),
    );
    const size = await boxSize(archive, { west: 170, south: -20, east: -170, north: -10 }, 15, 200_000);
    const either = [...tilesOfBox([170, -20, 180, -10], 4), ...tilesOfBox([-180, -20, -170, -10], 4)];
    expect(size).toMatchObject({ tiles: either.length, maxZoom: 4 });
    expect(either.length).toBe(2);
    await archive.close();
  });
});
