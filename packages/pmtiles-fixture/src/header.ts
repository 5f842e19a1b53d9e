import { HEADER_BYTES } from './directory.ts';

/** Where each part of the archive is and what it holds (the PMTiles v3 specification, section 3). */
export interface HeaderFields {
  rootOffset: number;
  rootLength: number;
  metadataOffset: number;
  metadataLength: number;
  leavesOffset: number;
  leavesLength: number;
  tileDataOffset: number;
  tileDataLength: number;
  addressedTiles: number;
  tileEntries: number;
  tileContents: number;
  minZoom: number;
  maxZoom: number;
  /** West, south, east, north in degrees. */
  bounds: readonly [number, number, number, number];
  centerZoom: number;
  center: readonly [number, number];
}

/** Compression 2 is gzip; tile type 1 is Mapbox Vector Tiles. */
const GZIP = 2;
const MVT = 1;

const e7 = (degrees: number): number => Math.round(degrees * 10_000_000);

/** The 127-byte header: magic `PMTiles`, version 3, then little-endian fields. */
export function writeHeader(fields: HeaderFields): Uint8Array {
  const bytes = new Uint8Array(HEADER_BYTES);
  const view = new DataView(bytes.buffer);
  bytes.set(new TextEncoder().encode('PMTiles'), 0);
  view.setUint8(7, 3);
  const u64 = [
    fields.rootOffset,
    fields.rootLength,
    fields.metadataOffset,
    fields.metadataLength,
    fields.leavesOffset,
    fields.leavesLength,
    fields.tileDataOffset,
    fields.tileDataLength,
    fields.addressedTiles,
    fields.tileEntries,
    fields.tileContents,
  ];
  for (const [i, value] of u64.entries()) view.setBigUint64(8 + i * 8, BigInt(value), true);
  view.setUint8(96, 1); // clustered: tile data in tile id order
  view.setUint8(97, GZIP); // internal compression
  view.setUint8(98, GZIP); // tile compression
  view.setUint8(99, MVT);
  view.setUint8(100, fields.minZoom);
  view.setUint8(101, fields.maxZoom);
  const [west, south, east, north] = fields.bounds;
  view.setInt32(102, e7(west), true);
  view.setInt32(106, e7(south), true);
  view.setInt32(110, e7(east), true);
  view.setInt32(114, e7(north), true);
  view.setUint8(118, fields.centerZoom);
  view.setInt32(119, e7(fields.center[0]), true);
  view.setInt32(123, e7(fields.center[1]), true);
  return bytes;
}
