import { existsSync, rmSync, statfsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * A file of zeros Karta keeps in the data folder while there is room for it, to give back when
 * the disk is full. Measured: on a full disk the server could not start at all (its lock file
 * could not be written, and PGlite cannot open without a few kilobytes to write), so a disk filled
 * by anything (logs, another program) took the whole site down. With the reserve given back at
 * start, the server opens its database and answers reads, while the storage guard refuses writes
 * until space is freed.
 */
export const SPACE_RESERVE_FILE = 'karta-space-reserve';

/** Enough to open PGlite and replay its log after a stop (at most one checkpoint's worth, 8 MB). */
export const SPACE_RESERVE_BYTES = 16 * 2 ** 20;

const freeBytesAt = (folder: string) => {
  const stats = statfsSync(folder);
  return Number(stats.bavail) * Number(stats.bsize);
};

/**
 * Before the database opens: removes the reserve when less free space than it is left. Returns
 * whether it did (the server then starts with writes refused, as the storage guard sees the disk).
 */
export function releaseSpaceReserveWhenFull(dataDir: string): boolean {
  const file = join(dataDir, SPACE_RESERVE_FILE);
  if (!existsSync(file) || freeBytesAt(dataDir) >= SPACE_RESERVE_BYTES) return false;
  rmSync(file, { force: true });
  return true;
}

/**
 * Writes the reserve when it is missing and `freeBytes` leaves room for it above `minFreeBytes`
 * (the storage guard calls it after each check). Returns whether it wrote it.
 */
export async function keepSpaceReserve(
  dataDir: string,
  freeBytes: number,
  minFreeBytes: number,
): Promise<boolean> {
  const file = join(dataDir, SPACE_RESERVE_FILE);
  if (existsSync(file) || freeBytes < minFreeBytes + SPACE_RESERVE_BYTES) return false;
  try {
    await writeFile(file, Buffer.alloc(SPACE_RESERVE_BYTES), { flag: 'wx' });
    return true;
  } catch (error) {
    // The disk filled first: a half-written reserve would hold nothing back. (EEXIST: written meanwhile.)
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') rmSync(file, { force: true });
    return false;
  }
}
