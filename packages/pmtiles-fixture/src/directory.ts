import { gzipSync } from 'node:zlib';

/** One directory entry of a PMTiles v3 archive (its specification, section 4). */
export interface DirectoryEntry {
  /** The Hilbert tile id of the first tile the entry covers. */
  tileId: number;
  /** Bytes from the start of the tile data (or of the leaf directories, for a leaf's entry). */
  offset: number;
  length: number;
  /** How many consecutive tile ids share these bytes; 0 for an entry pointing to a leaf directory. */
  runLength: number;
}

/** The most bytes a header and its root directory may take: the first range a reader fetches. */
export const ROOT_BYTES_LIMIT = 16_384;
export const HEADER_BYTES = 127;

/** Unsigned LEB128, as the specification's directories store every number. */
function pushVarint(out: number[], value: number): void {
  let rest = value;
  while (rest >= 0x80) {
    out.push((rest % 0x80) | 0x80);
    rest = Math.floor(rest / 0x80);
  }
  out.push(rest);
}

/**
 * A directory's bytes before compression: the entry count, then the tile id deltas, run lengths,
 * lengths and offsets, each as a column of varints; an offset right after the previous entry's
 * bytes is written 0, any other as offset + 1.
 */
export function serializeDirectory(entries: readonly DirectoryEntry[]): Uint8Array {
  const out: number[] = [];
  pushVarint(out, entries.length);
  let lastId = 0;
  for (const entry of entries) {
    pushVarint(out, entry.tileId - lastId);
    lastId = entry.tileId;
  }
  for (const entry of entries) pushVarint(out, entry.runLength);
  for (const entry of entries) pushVarint(out, entry.length);
  entries.forEach((entry, i) => {
    const previous = entries[i - 1];
    const follows = previous !== undefined && entry.offset === previous.offset + previous.length;
    pushVarint(out, follows ? 0 : entry.offset + 1);
  });
  return Uint8Array.from(out);
}

export const gzip = (bytes: Uint8Array): Uint8Array => new Uint8Array(gzipSync(bytes));

export interface Directories {
  root: Uint8Array;
  /** The leaf directories, one after another (empty when the root holds every entry). */
  leaves: Uint8Array;
}

/**
 * The root directory and, when the entries do not fit in the first 16 KiB or `leafSize` asks for
 * them, leaf directories of `leafSize` entries each, as the reference writer makes them: leaves
 * grow until the root that points to them fits.
 */
export function buildDirectories(entries: readonly DirectoryEntry[], leafSize?: number): Directories {
  const rootOnly = gzip(serializeDirectory(entries));
  if (leafSize === undefined && HEADER_BYTES + rootOnly.length <= ROOT_BYTES_LIMIT) {
    return { root: rootOnly, leaves: new Uint8Array() };
  }
  let size = leafSize ?? 4096;
  for (;;) {
    const built = withLeaves(entries, size);
    if (HEADER_BYTES + built.root.length <= ROOT_BYTES_LIMIT) return built;
    size = Math.ceil(size * 1.2);
  }
}

function withLeaves(entries: readonly DirectoryEntry[], leafSize: number): Directories {
  const rootEntries: DirectoryEntry[] = [];
  const leaves: Uint8Array[] = [];
  let offset = 0;
  for (let start = 0; start < entries.length; start += leafSize) {
    const chunk = entries.slice(start, start + leafSize);
    const leaf = gzip(serializeDirectory(chunk));
    rootEntries.push({ tileId: chunk[0]?.tileId ?? 0, offset, length: leaf.length, runLength: 0 });
    leaves.push(leaf);
    offset += leaf.length;
  }
  return { root: gzip(serializeDirectory(rootEntries)), leaves: concat(leaves) };
}

export function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
