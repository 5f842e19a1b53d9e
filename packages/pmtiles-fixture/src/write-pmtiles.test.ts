import { gunzipSync } from 'node:zlib';
import { Compression, type Entry, PMTiles, type RangeResponse, type Source, TileType } from 'pmtiles';
import { describe, expect, it } from 'vitest';
import { writeArchive } from './archive.ts';
import { OSM_ATTRIBUTION } from './metadata.ts';
import { tilesOfBox } from './tile-range.ts';
import { sliceLayers } from './vector-tiles.ts';
import { writePmtiles } from './write-pmtiles.ts';
import { ZAGREB_BOUNDS, ZAGREB_LAYERS, zagrebBasemap } from './zagreb.ts';

/** The pmtiles library's reader over bytes in memory, as it reads a file or a URL by ranges. */
function reader(bytes: Uint8Array): PMTiles {
  const source: Source = {
    getKey: () => 'memory',
    getBytes: async (offset, length): Promise<RangeResponse> => ({
      data: bytes.slice(offset, offset + length).buffer,
    }),
  };
  return new PMTiles(source);
}

const tileBytes = async (archive: PMTiles, z: number, x: number, y: number) => {
  const tile = await archive.getZxy(z, x, y);
  return tile ? new Uint8Array(tile.data) : undefined;
};

describe('zagrebBasemap', () => {
  const bytes = zagrebBasemap();
  const archive = reader(bytes);
  const expected = sliceLayers(ZAGREB_LAYERS, { bounds: ZAGREB_BOUNDS, minZoom: 0, maxZoom: 12 });

  it('is a small PMTiles v3 archive of gzipped vector tiles, clustered, zooms 0 to 12 over its box', async () => {
    expect(bytes.length).toBeLessThan(100_000);
    expect(new TextDecoder().decode(bytes.slice(0, 7))).toBe('PMTiles');
    const header = await archive.getHeader();
    expect(header).toMatchObject({
      specVersion: 3,
      rootDirectoryOffset: 127,
      leafDirectoryLength: 0,
      clustered: true,
      internalCompression: Compression.Gzip,
      tileCompression: Compression.Gzip,
      tileType: TileType.Mvt,
      minZoom: 0,
      maxZoom: 12,
      minLon: 15.75,
      minLat: 45.65,
      maxLon: 16.25,
      maxLat: 45.95,
      numAddressedTiles: expected.length,
    });
    expect(header.tileDataOffset + (header.tileDataLength ?? 0)).toBe(bytes.length);
  });

  it('names OpenStreetMap in its metadata and lists the Protomaps layers it holds', async () => {
    const metadata = (await archive.getMetadata()) as {
      attribution: string;
      vector_layers: Array<{ id: string; fields: Record<string, string> }>;
    };
    expect(metadata.attribution).toBe(OSM_ATTRIBUTION);
    expect(metadata.vector_layers.map((layer) => layer.id)).toEqual([
      'earth',
      'water',
      'landuse',
      'roads',
      'places',
    ]);
    const places = metadata.vector_layers.find((layer) => layer.id === 'places');
    expect(places?.fields).toMatchObject({
      kind: 'String',
      name: 'String',
      'name:en': 'String',
      'name:hr': 'String',
      min_zoom: 'Number',
      population_rank: 'Number',
    });
  });

  it('gives back every tile it was written with, byte for byte', async () => {
    expect(expected.length).toBeGreaterThan(40);
    for (const tile of expected) {
      expect(await tileBytes(archive, tile.z, tile.x, tile.y), `${tile.z}/${tile.x}/${tile.y}`).toEqual(
        tile.data,
      );
    }
  });

  it('has tiles of the city at its deepest zoom, and none outside its box or deeper', async () => {
    const city = tilesOfBox([15.97, 45.81, 15.98, 45.815], 12)[0];
    expect(city).toBeDefined();
    if (!city) return;
    expect(await tileBytes(archive, 12, city.x, city.y)).toBeDefined();
    expect(
      await tileBytes(archive, 12, (tilesOfBox([15.75, 45.8, 15.75, 45.8], 12)[0]?.x ?? 0) - 1, city.y),
    ).toBeUndefined();
    expect(await tileBytes(archive, 12, 0, 0)).toBeUndefined();
    expect(await tileBytes(archive, 13, city.x * 2, city.y * 2)).toBeUndefined();
  });
});

describe('writeArchive', () => {
  /**
   * Distinct bytes for tile `n` that gzip cannot shrink (a multiplicative hash's noise), of scattered
   * lengths, so the directory's column of stored lengths does not compress to almost nothing.
   */
  const content = (n: number) => {
    const bytes = new Uint8Array(16 + (Math.imul(n + 1, 0x9e3779b1) >>> 25));
    let state = n + 1;
    for (let i = 0; i < bytes.length; i++) {
      state = Math.imul(state ^ (state >>> 15), 0x2c1b3c6d) + i;
      bytes[i] = state >>> 24;
    }
    return bytes;
  };

  it('makes leaf directories when the root would pass 16 KiB, and reads through them', async () => {
    const tiles = tilesOfBox([-180, -85, 180, 85], 8).map((tile, n) => ({ ...tile, data: content(n) }));
    const bytes = writeArchive(tiles, {
      bounds: [-180, -85, 180, 85],
      minZoom: 8,
      maxZoom: 8,
      metadata: { attribution: OSM_ATTRIBUTION },
    });
    const archive = reader(bytes);
    const header = await archive.getHeader();
    expect(header.numTileEntries).toBe(tiles.length);
    expect(header.leafDirectoryLength).toBeGreaterThan(0);
    expect(header.rootDirectoryOffset + header.rootDirectoryLength).toBeLessThanOrEqual(16_384);
    for (const n of [0, 1, 4095, 4096, 30_000, tiles.length - 1]) {
      const tile = tiles[n];
      if (!tile) throw new Error(`no tile ${n}`);
      expect(await tileBytes(archive, tile.z, tile.x, tile.y)).toEqual(tile.data);
    }
  });

  it('makes leaves of a set size when asked, for small archives', async () => {
    const tiles = tilesOfBox([-180, -85, 180, 85], 4).map((tile, n) => ({ ...tile, data: content(n) }));
    const archive = reader(
      writeArchive(tiles, {
        bounds: [-180, -85, 180, 85],
        minZoom: 4,
        maxZoom: 4,
        metadata: {},
        leafSize: 10,
      }),
    );
    expect((await archive.getHeader()).leafDirectoryLength).toBeGreaterThan(0);
    for (const tile of tiles) expect(await tileBytes(archive, tile.z, tile.x, tile.y)).toEqual(tile.data);
  });

  it('stores equal tiles once, and consecutive equal tiles as one entry with a run length', async () => {
    const same = new TextEncoder().encode('same');
    // Tile ids 1 to 4 are zoom 1's four tiles, in Hilbert order (0,0), (0,1), (1,1), (1,0).
    const tiles = [
      { z: 1, x: 0, y: 0, data: same },
      { z: 1, x: 0, y: 1, data: same },
      { z: 1, x: 1, y: 1, data: content(1) },
      { z: 1, x: 1, y: 0, data: same },
    ];
    const bytes = writeArchive(tiles, { bounds: [-180, -85, 180, 85], minZoom: 1, maxZoom: 1, metadata: {} });
    const archive = reader(bytes);
    const header = await archive.getHeader();
    expect(header).toMatchObject({ numAddressedTiles: 4, numTileEntries: 3, numTileContents: 2 });
    const root = await archive.cache.getDirectory(
      archive.source,
      header.rootDirectoryOffset,
      header.rootDirectoryLength,
      header,
    );
    expect(root.map((entry: Entry) => [entry.tileId, entry.runLength])).toEqual([
      [1, 2],
      [3, 1],
      [4, 1],
    ]);
    expect(root[2]?.offset).toBe(root[0]?.offset);
    for (const tile of tiles) expect(await tileBytes(archive, tile.z, tile.x, tile.y)).toEqual(tile.data);
    const stored = bytes.slice(header.tileDataOffset + (root[0]?.offset ?? 0));
    expect(gunzipSync(stored.slice(0, root[0]?.length)).toString()).toBe('same');
  });
});

describe('writePmtiles', () => {
  it('uses the attribution and zooms it is given', async () => {
    const archive = reader(
      writePmtiles(
        { earth: ZAGREB_LAYERS.earth ?? { type: 'FeatureCollection', features: [] } },
        { bounds: ZAGREB_BOUNDS, minZoom: 2, maxZoom: 5, attribution: 'Test data' },
      ),
    );
    expect(await archive.getHeader()).toMatchObject({ minZoom: 2, maxZoom: 5 });
    expect(await archive.getMetadata()).toMatchObject({ attribution: 'Test data' });
    expect(await tileBytes(archive, 1, 1, 0)).toBeUndefined();
    expect(
      await tileBytes(
        archive,
        5,
        tilesOfBox([16, 45.8, 16, 45.8], 5)[0]?.x ?? 0,
        tilesOfBox(ZAGREB_BOUNDS, 5)[0]?.y ?? 0,
      ),
    ).toBeDefined();
  });
});
