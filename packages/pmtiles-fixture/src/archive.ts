import { createHash } from 'node:crypto';
import { zxyToTileId } from 'pmtiles';
import { buildDirectories, concat, type DirectoryEntry, gzip, HEADER_BYTES } from './directory.ts';
import { writeHeader } from './header.ts';

/** One tile to store: its address and its bytes before compression (an encoded vector tile). */
export interface TileInput {
  z: number;
  x: number;
  y: number;
  data: Uint8Array;
}

export interface ArchiveOptions {
  /** West, south, east, north in degrees. */
  bounds: readonly [number, number, number, number];
  minZoom: number;
  maxZoom: number;
  /** The archive's JSON metadata (attribution, vector_layers, ...). */
  metadata: Record<string, unknown>;
  /** Entries per leaf directory; when unset, leaves are made only if the root would not fit. */
  leafSize?: number;
}

/**
 * A PMTiles v3 archive of `tiles`: header, root directory, metadata, leaf directories, then the
 * gzipped tiles in tile id order (clustered). Tiles with equal bytes are stored once, and
 * consecutive tile ids with equal bytes share one entry (its run length).
 */
export function writeArchive(tiles: readonly TileInput[], options: ArchiveOptions): Uint8Array {
  const sorted = tiles
    .map((tile) => ({ tileId: zxyToTileId(tile.z, tile.x, tile.y), data: tile.data }))
    .sort((a, b) => a.tileId - b.tileId);
  const entries: DirectoryEntry[] = [];
  const stored = new Map<string, { offset: number; length: number }>();
  const contents: Uint8Array[] = [];
  let dataLength = 0;
  let previousHash = '';
  for (const tile of sorted) {
    const hash = createHash('sha256').update(tile.data).digest('hex');
    const last = entries.at(-1);
    if (last && hash === previousHash && last.tileId + last.runLength === tile.tileId) {
      last.runLength += 1;
      continue;
    }
    let place = stored.get(hash);
    if (!place) {
      const bytes = gzip(tile.data);
      place = { offset: dataLength, length: bytes.length };
      stored.set(hash, place);
      contents.push(bytes);
      dataLength += bytes.length;
    }
    entries.push({ tileId: tile.tileId, offset: place.offset, length: place.length, runLength: 1 });
    previousHash = hash;
  }

  const { root, leaves } = buildDirectories(entries, options.leafSize);
  const metadata = gzip(new TextEncoder().encode(JSON.stringify(options.metadata)));
  const tileData = concat(contents);
  const rootOffset = HEADER_BYTES;
  const metadataOffset = rootOffset + root.length;
  const leavesOffset = metadataOffset + metadata.length;
  const tileDataOffset = leavesOffset + leaves.length;
  const [west, south, east, north] = options.bounds;
  const header = writeHeader({
    rootOffset,
    rootLength: root.length,
    metadataOffset,
    metadataLength: metadata.length,
    leavesOffset,
    leavesLength: leaves.length,
    tileDataOffset,
    tileDataLength: tileData.length,
    addressedTiles: sorted.length,
    tileEntries: entries.length,
    tileContents: contents.length,
    minZoom: options.minZoom,
    maxZoom: options.maxZoom,
    bounds: options.bounds,
    centerZoom: Math.max(options.minZoom, Math.min(options.maxZoom, 10)),
    center: [(west + east) / 2, (south + north) / 2],
  });
  return concat([header, root, metadata, leaves, tileData]);
}
