import { statfs } from 'node:fs/promises';

/**
 * Watches the free space of the data folder. Measured: PGlite hangs (rather than failing) when the
 * disk fills up, so writes are refused with 507 before that point and health reports it.
 */
export interface StorageGuard {
  /** False when free space is below the threshold; writes must be refused. */
  readonly ok: boolean;
  /** Free bytes at the last check, or null before the first check or when not watched. */
  readonly freeBytes: number | null;
  /** Checks now (also done every `intervalMs`). */
  check(): Promise<boolean>;
  stop(): void;
}

export async function startStorageGuard(options: {
  path: string;
  minFreeMb: number;
  intervalMs?: number;
  onChange?: (ok: boolean, freeBytes: number) => void;
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
    get freeBytes() {
      return freeBytes;
    },
    check,
    stop: () => clearInterval(timer),
  };
}

/** For PostgreSQL the disk is the database server's: nothing to watch here. */
export const unwatchedStorage: StorageGuard = {
  ok: true,
  freeBytes: null,
  check: async () => true,
  stop: () => undefined,
};
