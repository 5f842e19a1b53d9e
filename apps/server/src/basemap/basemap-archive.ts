import { createHash } from 'node:crypto';
import {
  Compression,
  type Entry,
  findTile,
  type Header,
  PMTiles,
  SharedPromiseCache,
  TileType,
  zxyToTileId,
} from 'pmtiles';
import type { ArchiveLocation } from '../config/basemap.ts';
import { type ArchiveSource, openArchiveSource } from './archive-source.ts';
import { attributionText } from './attribution.ts';
import { type Bounds, MAX_ADDRESSABLE_ZOOM, tileTouches } from './tile-math.ts';

/** The base map archive (BASEMAP=pmtiles) opened at start: what its header says, and its tiles. */
export interface BasemapArchive {
  /** Where it is: a path or `s3://bucket/key`. */
  readonly name: string;
  readonly minZoom: number;
  readonly maxZoom: number;
  readonly bounds: Bounds;
  /** Whose data the tiles are, as text (from the metadata, OpenStreetMap's credit when none). */
  readonly attribution: string;
  /** How the stored tiles are compressed: sent as they are to clients that take gzip. */
  readonly tileCompression: 'gzip' | 'none';
  /** Changes when the archive does (its header, size and version). */
  readonly etag: string;
  /** The stored (still compressed) bytes of tile z/x/y, or null when the archive holds none. */
  tile(z: number, x: number, y: number): Promise<Uint8Array | null>;
  /** The directory entry that holds tile z/x/y, or null: its stored length, without reading it. */
  entry(z: number, x: number, y: number): Promise<Entry | null>;
  close(): Promise<void>;
}

/**
 * The archive cannot serve: missing, unreadable, not PMTiles v3, or not gzipped vector tiles. Its
 * message names the archive and says what is wrong, for the start log; the server does not start.
 */
export class BasemapError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'BasemapError';
  }
}

/** Directories kept decoded: a national archive has a few hundred leaves. */
const DIRECTORIES_CACHED = 512;

/** Leaf directories nest at most this deep (the reference reader's bound). */
const MAX_DIRECTORY_DEPTH = 3;

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** What must hold for Karta to serve the archive's tiles; the first that fails, as a message. */
function headerProblem(header: Header): string | null {
  if (header.specVersion !== 3) return `it is PMTiles version ${header.specVersion}; version 3 is needed`;
  if (header.tileType !== TileType.Mvt) return 'its tiles are not vector tiles (MVT)';
  if (header.tileCompression !== Compression.Gzip && header.tileCompression !== Compression.None) {
    return 'its tiles are compressed other than with gzip';
  }
  if (header.maxZoom < header.minZoom || header.maxZoom > MAX_ADDRESSABLE_ZOOM) {
    return `its zooms (${header.minZoom} to ${header.maxZoom}) are not usable`;
  }
  return null;
}

/**
 * Opens the archive BASEMAP_PMTILES names and reads its header and metadata, so a missing or
 * invalid archive stops the start with a message naming it (BasemapError).
 */
export async function openBasemap(location: ArchiveLocation): Promise<BasemapArchive> {
  const where = location.kind === 's3' ? `s3://${location.s3.bucket}/${location.key}` : location.path;
  let source: ArchiveSource;
  try {
    source = await openArchiveSource(location);
  } catch (error) {
    throw new BasemapError(`The base map archive ${where} cannot be opened: ${reason(error)}`, {
      cause: error,
    });
  }
  try {
    return await readArchive(source);
  } catch (error) {
    await source.close().catch(() => undefined);
    if (error instanceof BasemapError) throw error;
    throw new BasemapError(`The base map archive ${where} cannot be read: ${reason(error)}`, {
      cause: error,
    });
  }
}

async function readArchive(source: ArchiveSource): Promise<BasemapArchive> {
  const cache = new SharedPromiseCache(DIRECTORIES_CACHED);
  const archive = new PMTiles(source, cache);
  const { size, version } = await source.describe();
  if (size < 127)
    throw new BasemapError(`The base map archive ${source.name} is not a PMTiles archive: too short`);
  const header = await archive.getHeader().catch((error: unknown) => {
    throw new BasemapError(`The base map archive ${source.name} is not a PMTiles archive: ${reason(error)}`);
  });
  const problem = headerProblem(header);
  if (problem) throw new BasemapError(`The base map archive ${source.name} cannot be served: ${problem}`);
  const metadata = await archive.getMetadata().catch(() => ({}));
  const headerBytes = new Uint8Array((await source.getBytes(0, 127)).data);
  const etag = createHash('sha256')
    .update(headerBytes)
    .update(`${size}|${version}`)
    .digest('base64url')
    .slice(0, 16);
  const bounds = { west: header.minLon, south: header.minLat, east: header.maxLon, north: header.maxLat };

  async function entry(z: number, x: number, y: number): Promise<Entry | null> {
    if (z < header.minZoom || z > header.maxZoom || !tileTouches(bounds, z, x, y)) return null;
    const tileId = zxyToTileId(z, x, y);
    let offset = header.rootDirectoryOffset;
    let length = header.rootDirectoryLength;
    for (let depth = 0; depth <= MAX_DIRECTORY_DEPTH; depth++) {
      const directory = await cache.getDirectory(source, offset, length, header);
      const found = findTile(directory, tileId);
      if (!found) return null;
      if (found.runLength > 0) return found;
      offset = header.leafDirectoryOffset + found.offset;
      length = found.length;
    }
    throw new Error(`the base map archive's directories nest deeper than ${MAX_DIRECTORY_DEPTH} levels`);
  }

  return {
    name: source.name,
    minZoom: header.minZoom,
    maxZoom: header.maxZoom,
    bounds,
    attribution: attributionText(metadata),
    tileCompression: header.tileCompression === Compression.Gzip ? 'gzip' : 'none',
    etag,
    entry,
    async tile(z, x, y) {
      const found = await entry(z, x, y);
      if (!found) return null;
      const { data } = await source.getBytes(header.tileDataOffset + found.offset, found.length);
      return new Uint8Array(data);
    },
    close: () => source.close(),
  };
}
