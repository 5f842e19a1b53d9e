import { statfs } from 'node:fs/promises';
import { keepSpaceReserve } from './space-reserve.ts';

/**
 * What the watched folder holds: the database and the photos (PGlite), or only the photos (with
 * PostgreSQL, whose disk is its server's, and photos on local disk).
 */
export type StorageHolds = 'database and photos' | 'photos';

/**
 * Watches the free space of the data folder. Measured: PGlite hangs (rather than failing) when the
 * disk fills up, so writes are refused with 507 before that point and health reports it; where
 * the folder holds only the photos, only photo uploads are.
 */
export interface StorageGuard {
  /** False when free space is below the threshold; writes must be refused. */
  readonly ok: boolean;
  readonly holds: StorageHolds;
  /** Free bytes at the last check, or null before the first check or when not watched. */
  readonly freeBytes: number | null;
  /** Checks now (also done every `intervalMs`). */
  check(): Promise<boolean>;
  stop(): void;
}

export async function startStorageGuard(options: {
  path: string;
  minFreeMb: number;
  /** What the folder holds (default: the database and the photos, as with PGlite). */
  holds?: StorageHolds;
  intervalMs?: number;
  onChange?: (ok: boolean, freeBytes: number) => void;
  /** Keep the space reserve (space-reserve.ts) in the folder while there is room for it. */
  spaceReserve?: boolean;
}): Promise<StorageGuard> {
  let ok = true;
  let freeBytes: number | null = null;
  const minFreeBytes = options.minFreeMb * 1024 * 1024;

  async function check(): Promise<boolean> {
    try {
      const stats = await statfs(options.path);
      // bavail: blocks available to unprivileged users, which is what PGlite's writes get.
      freeBytes = Number(stats.bavail) * Number(stats.bsize);
      const nowOk = freeBytes >= minFreeBytes;
      if (nowOk !== ok) options.onChange?.(nowOk, freeBytes);
      ok = nowOk;
      if (options.spaceReserve) await keepSpaceReserve(options.path, freeBytes, minFreeBytes);
    } catch {
      // The folder vanished or cannot be read: keep the last answer rather than guessing.
    }
    return ok;
  }

  await check();
  const timer = setInterval(() => void check(), options.intervalMs ?? 10_000);
  timer.unref();
  return {
    get ok() {
      return ok;
    },
    holds: options.holds ?? 'database and photos',
    get freeBytes() {
      return freeBytes;
    },
    check,
    stop: () => clearInterval(timer),
  };
}

/**
 * Whether a write must be refused for the disk's sake: any write when the database is on the
 * watched disk, else only what writes files there (a photo upload).
 */
export function refusesForStorage(storage: StorageGuard, writesFiles: boolean): boolean {
  return !storage.ok && (writesFiles || storage.holds === 'database and photos');
}

/** The folder to watch, and what it holds; null when nothing of Karta's is on local disk. */
export function storageToWatch(config: {
  databaseUrl: string | null;
  dataDir: string;
  photoStorage: { kind: string };
}): { path: string; holds: StorageHolds } | null {
  if (!config.databaseUrl) return { path: config.dataDir, holds: 'database and photos' };
  return config.photoStorage.kind === 'fs' ? { path: config.dataDir, holds: 'photos' } : null;
}

/** PostgreSQL with photos in object storage: nothing of Karta's on local disk to watch. */
export const unwatchedStorage: StorageGuard = {
  ok: true,
  holds: 'photos',
  freeBytes: null,
  check: async () => true,
  stop: () => undefined,
};
