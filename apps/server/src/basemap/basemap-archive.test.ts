import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import {
  sliceLayers,
  tilesOfBox,
  writePmtiles,
  ZAGREB_BOUNDS,
  ZAGREB_LAYERS,
  zagrebBasemap,
} from '@karta/pmtiles-fixture';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BasemapArchive, BasemapError, openBasemap } from './basemap-archive.ts';

const folder = await mkdtemp(join(tmpdir(), 'karta-basemap-'));
const file = (name: string) => ({ kind: 'file' as const, path: join(folder, name) });
afterAll(() => rm(folder, { recursive: true, force: true }));

describe('openBasemap', () => {
  let archive: BasemapArchive;
  beforeAll(async () => {
    await writeFile(join(folder, 'zagreb.pmtiles'), zagrebBasemap());
    archive = await openBasemap(file('zagreb.pmtiles'));
  });
  afterAll(() => archive.close());

  it("reads the archive's zooms, box and attribution from its header and metadata", () => {
    expect(archive).toMatchObject({
      name: join(folder, 'zagreb.pmtiles'),
      minZoom: 0,
      maxZoom: 12,
      bounds: { west: 15.75, south: 45.65, east: 16.25, north: 45.95 },
      attribution: '© OpenStreetMap contributors',
      tileCompression: 'gzip',
    });
    expect(archive.etag).toMatch(/^[\w-]{16}$/);
  });

  it('gives each tile as stored (gzip), equal to the tile the archive was written from', async () => {
    const written = sliceLayers(ZAGREB_LAYERS, { bounds: ZAGREB_BOUNDS, minZoom: 0, maxZoom: 12 });
    for (const tile of written) {
      const stored = await archive.tile(tile.z, tile.x, tile.y);
      expect(stored, `${tile.z}/${tile.x}/${tile.y}`).not.toBeNull();
      expect(new Uint8Array(gunzipSync(stored ?? new Uint8Array()))).toEqual(tile.data);
      expect((await archive.entry(tile.z, tile.x, tile.y))?.length).toBe(stored?.length);
    }
  });

  it('has no tile outside its box, above its deepest zoom or at an address past the safe ones', async () => {
    const [inside] = tilesOfBox(ZAGREB_BOUNDS, 12);
    expect(inside && (await archive.tile(12, inside.x, inside.y))).not.toBeNull();
    expect(await archive.tile(12, 0, 0)).toBeNull();
    expect(await archive.tile(13, (inside?.x ?? 0) * 2, (inside?.y ?? 0) * 2)).toBeNull();
    expect(await archive.tile(30, 0, 0)).toBeNull();
  });

  it("changes its ETag when the archive's bytes do", async () => {
    await writeFile(join(folder, 'zagreb-11.pmtiles'), zagrebBasemap({ maxZoom: 11 }));
    const other = await openBasemap(file('zagreb-11.pmtiles'));
    expect(other.etag).not.toBe(archive.etag);
    expect(other.maxZoom).toBe(11);
    await other.close();
  });

  it('reads the text of an HTML attribution, as Protomaps builds have', async () => {
    const html =
      '<a href="https://github.com/protomaps/basemaps">Protomaps</a> &copy; <a href="https://openstreetmap.org">OpenStreetMap</a>';
    await writeFile(
      join(folder, 'html.pmtiles'),
      writePmtiles(
        { earth: ZAGREB_LAYERS.earth ?? { type: 'FeatureCollection', features: [] } },
        {
          bounds: ZAGREB_BOUNDS,
          maxZoom: 2,
          attribution: html,
        },
      ),
    );
    const withHtml = await openBasemap(file('html.pmtiles'));
    expect(withHtml.attribution).toBe('Protomaps © OpenStreetMap');
    await withHtml.close();
  });
});

describe('openBasemap refuses to start on an archive it cannot serve, naming it', () => {
  const refusal = async (name: string) => {
    const error = await openBasemap(file(name)).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(BasemapError);
    return (error as Error).message;
  };

  it('a missing file', async () => {
    expect(await refusal('missing.pmtiles')).toMatch(
      new RegExp(`^The base map archive ${join(folder, 'missing.pmtiles')} cannot be opened: .*ENOENT`),
    );
  });

  it('a file that is not PMTiles', async () => {
    await writeFile(join(folder, 'not.pmtiles'), 'x'.repeat(4000));
    expect(await refusal('not.pmtiles')).toMatch(/not\.pmtiles is not a PMTiles archive: Wrong magic number/);
    await writeFile(join(folder, 'empty.pmtiles'), '');
    expect(await refusal('empty.pmtiles')).toMatch(/empty\.pmtiles is not a PMTiles archive: too short/);
  });

  it('an archive of raster tiles or an older version', async () => {
    const bytes = zagrebBasemap();
    const png = bytes.slice();
    png[99] = 2;
    await writeFile(join(folder, 'png.pmtiles'), png);
    expect(await refusal('png.pmtiles')).toMatch(
      /png\.pmtiles cannot be served: its tiles are not vector tiles/,
    );
    const v2 = bytes.slice();
    v2[7] = 2;
    await writeFile(join(folder, 'v2.pmtiles'), v2);
    expect(await refusal('v2.pmtiles')).toMatch(/v2\.pmtiles cannot be served: it is PMTiles version 2/);
  });
});
