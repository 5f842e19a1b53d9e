import type { FastifyBaseLogger } from 'fastify';
import type { PhotoRepository } from './photo-repository.ts';
import type { PhotoStore } from './photo-store.ts';

/**
 * How long a file no row names is kept: an upload writes its files, then its row, so a file
 * written this recently may be waiting for its row. A file written again is as young (see `put`).
 */
export const SWEEP_GRACE_MS = 15 * 60_000;

/** How often a running server sweeps. */
export const SWEEP_INTERVAL_MS = 60 * 60_000;

const BATCH = 500;

/** Whether a file written at `writtenAt` is past the grace period at `now`. */
const pastGrace = (writtenAt: Date, now: number) => now - writtenAt.getTime() >= SWEEP_GRACE_MS;

/**
 * Removes those of `keys` no photo names any more and written before the grace period: the
 * files of a deleted photo. The younger ones are left for the next sweep. Returns how many went.
 */
export async function removeUnusedFiles(
  store: PhotoStore,
  photos: PhotoRepository,
  keys: readonly string[],
  now = Date.now(),
): Promise<number> {
  const used = await photos.referencedKeys(keys);
  let removed = 0;
  for (const key of keys) {
    if (used.has(key)) continue;
    // Read again, not as listed: a file written since (an upload of the same bytes) stays.
    const writtenAt = await store.writtenAt(key);
    if (writtenAt && pastGrace(writtenAt, now)) {
      await store.remove(key);
      removed += 1;
    }
  }
  return removed;
}

/**
 * Removes every kept file no photo names that is past the grace period: what a crash between a
 * file and its row, a refused upload, a deleted photo or place left; and half-written files of a
 * crash. Returns how many went.
 */
export async function sweepPhotoFiles(store: PhotoStore, photos: PhotoRepository, now = Date.now()) {
  let removed = 0;
  let batch: string[] = [];
  for await (const { key, writtenAt } of store.keys()) {
    if (!pastGrace(writtenAt, now)) continue;
    batch.push(key);
    if (batch.length < BATCH) continue;
    removed += await removeUnusedFiles(store, photos, batch, now);
    batch = [];
  }
  removed += await removeUnusedFiles(store, photos, batch, now);
  // And what a crash left half-written, past the same grace (an upload may be writing it).
  return removed + (await store.removeTemporaries(new Date(now - SWEEP_GRACE_MS)));
}

/** Sweeps now and every `intervalMs`; returns the function that stops it (after a sweep under way). */
export function startPhotoSweep(
  store: PhotoStore,
  photos: PhotoRepository,
  log: FastifyBaseLogger,
  intervalMs = SWEEP_INTERVAL_MS,
): () => Promise<void> {
  let running: Promise<void> | null = null;
  const sweep = () => {
    running ??= sweepPhotoFiles(store, photos)
      .then((removed) => {
        if (removed > 0) log.info({ removed }, 'photo files no photo names were removed');
      })
      .catch((error) => log.warn({ err: error }, 'the photo sweep failed; it runs again later'))
      .finally(() => {
        running = null;
      });
  };
  sweep();
  const timer = setInterval(sweep, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
