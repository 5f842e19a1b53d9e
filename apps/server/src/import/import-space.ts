import { statfs } from 'node:fs/promises';
import { AppError } from '../http/errors.ts';

/**
 * What an imported row costs the PGlite data folder, measured (40 000 rows of 157 bytes of CSV
 * each: 245 MB, 6.1 kB a row): the row, its history entry, the change log, the indexes (GiST,
 * trigram) and their write-ahead log. The estimate adds 8 bytes per byte of the file for rows with
 * long texts, so the measured import is estimated at 7.4 kB a row, a little above what it took.
 */
export const BYTES_PER_ROW = 6 * 1024;
export const BYTES_PER_FILE_BYTE = 8;

/** The disk an import of `rows` rows from a file of `fileBytes` bytes may take, at most. */
export const importBytes = (rows: number, fileBytes: number) =>
  rows * BYTES_PER_ROW + fileBytes * BYTES_PER_FILE_BYTE;

/** Free bytes for unprivileged writes at `path`, or null when it cannot be read. */
export async function freeBytes(path: string): Promise<number | null> {
  try {
    const stats = await statfs(path);
    return Number(stats.bavail) * Number(stats.bsize);
  } catch {
    return null;
  }
}

const megabytes = (bytes: number) => Math.ceil(bytes / 2 ** 20);

/**
 * Refuses (507) what would take `needed` bytes at `path` when that would leave less than the
 * reserve (MIN_FREE_DISK_MB). Measured: an import that filled the disk with WAL left PGlite hung
 * for good, so it must not start; the storage guard's check every 10 s is too late for it.
 */
export async function ensureRoom(
  path: string,
  needed: number,
  minFreeMb: number,
  what: 'upload' | 'import',
): Promise<void> {
  const free = await freeBytes(path);
  if (free === null) return;
  const room = free - minFreeMb * 2 ** 20;
  if (needed <= room) return;
  throw new AppError(
    507,
    'insufficient_storage',
    what === 'upload'
      ? `The server has no room for this file (${megabytes(needed)} MB): nothing was imported`
      : `This import may need about ${megabytes(needed)} MB, more than the server has free ` +
          `(${Math.max(0, megabytes(room))} MB above its reserve): nothing was imported. Import it in smaller files.`,
  );
}
