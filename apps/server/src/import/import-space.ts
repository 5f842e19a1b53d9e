import { statfs } from 'node:fs/promises';
import type { Database } from '../db/database.ts';
import { checkpointWhenDue, WAL_CEILING_BYTES, writeAheadLogBytes } from '../db/wal-checkpoints.ts';
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
    'insufficient_storage',
    what === 'upload'
      ? `The server has no room for this file (${megabytes(needed)} MB): nothing was imported`
      : `This import may need about ${megabytes(needed)} MB, more than the server has free ` +
          `(${Math.max(0, megabytes(room))} MB above its reserve): nothing was imported. Import it in smaller files.`,
  );
}

/** The least room an import keeps above the reserve for its next step, whatever its steps took. */
export const STEP_MARGIN_BYTES = 2 * 2 ** 20;

/**
 * What publishing a staged row writes besides the log, measured: 20 000 rows of 157 bytes of CSV
 * grew the tables and indexes by 56 MB (2.8 kB a row), rounded up.
 */
export const PUBLISHED_BYTES_PER_ROW = 3 * 1024;

/** Where a PGlite import writes and the free space it must leave (MIN_FREE_DISK_MB). */
export interface ImportDisk {
  path: string;
  minFreeMb: number;
}

/** Thrown between two steps of an import that would otherwise go below the disk's reserve. */
export class ImportOutOfRoomError extends AppError {
  constructor(readonly phase: 'staging' | 'publishing') {
    super(
      'insufficient_storage',
      phase === 'staging'
        ? 'The server ran short of disk space during this import and stopped it: nothing was imported. ' +
            'Import it in smaller files, or ask the administrator for more space.'
        : 'The server ran short of disk space while publishing this import and paused it: part of it ' +
            'is published, and the rest will be once the server has room (at its next start or the next import).',
    );
  }
}

/**
 * Counts what a PGlite import really writes on its disk, step by step, instead of trusting the
 * estimate it started with. After each staged batch or published step it checkpoints when the
 * write-ahead log is due (wal-checkpoints.ts), then reads the free space and the log's size: the
 * rest of what a step took is tables and indexes. It stops the import while what may still come
 * fits above the reserve: the log up to its ceiling, and twice the largest growth of any step.
 * Before publishing, it asks for room for every row to publish. Measured before: an import the
 * estimate admitted filled the disk with log, reads timed out and the process exited.
 */
export class ImportSpaceWatch {
  private last: { free: number; log: number } | null = null;
  private largestStep = 0;

  constructor(
    private readonly db: Database,
    private readonly disk: ImportDisk,
  ) {}

  /** After a step: throws ImportOutOfRoomError when the next one might not fit. */
  async afterStep(phase: 'staging' | 'publishing'): Promise<void> {
    const room = await this.measure();
    if (room !== null && room < STEP_MARGIN_BYTES) throw new ImportOutOfRoomError(phase);
  }

  /** Before publishing `rows` staged rows: refuses (nothing published yet) when they would not fit. */
  async beforePublishing(rows: number): Promise<void> {
    const room = await this.measure();
    if (room !== null && room < rows * PUBLISHED_BYTES_PER_ROW + STEP_MARGIN_BYTES)
      throw new ImportOutOfRoomError('staging');
  }

  /** Bytes left above the reserve once the log and the next step are counted; null: unknown. */
  private async measure(): Promise<number | null> {
    await checkpointWhenDue(this.db);
    const free = await freeBytes(this.disk.path);
    if (free === null) return null;
    const log = await writeAheadLogBytes(this.db);
    if (this.last !== null) {
      const tables = this.last.free - free - (log - this.last.log);
      this.largestStep = Math.max(this.largestStep, tables);
    }
    this.last = { free, log };
    return free - this.disk.minFreeMb * 2 ** 20 - Math.max(0, WAL_CEILING_BYTES - log) - 2 * this.largestStep;
  }
}
