import { ApiError } from '@karta/api-client';
import { type ErrorMessageKey, errorMessageKey } from '../../../lib/error-message.ts';

/**
 * How many times a pack the server was too busy to build (503 `server_busy`: it builds a few at
 * a time, decision 024) is asked for again, each after the wait it names: with its 2 s, about ten
 * seconds in all, shown as still saving.
 */
export const BUSY_RETRIES = 4;
/** The longest wait taken from the server's `Retry-After`, and the shortest. */
const MAX_WAIT_MS = 30_000;
const MIN_WAIT_MS = 1_000;
/** Up to this much more, at random, so browsers told the same wait do not all come back at once. */
const JITTER_MS = 1_000;

/** Whether the server said it is too busy with work of this kind for now (503 `server_busy`). */
export function isServerBusy(error: unknown): error is ApiError {
  return error instanceof ApiError && error.code === 'server_busy';
}

/** How long to wait before asking again: the server's `retryAfterSeconds`, bounded, and a little more. */
export function busyWaitMs(error: ApiError, random: () => number = Math.random): number {
  const seconds = (error.details as { retryAfterSeconds?: unknown } | undefined)?.retryAfterSeconds;
  const named = typeof seconds === 'number' && Number.isFinite(seconds) ? seconds * 1000 : MIN_WAIT_MS;
  return Math.min(MAX_WAIT_MS, Math.max(MIN_WAIT_MS, named)) + random() * JITTER_MS;
}

const sleep = (ms: number) => new Promise<void>((resume) => setTimeout(resume, ms));

/** `ask()`, asked again up to BUSY_RETRIES times while the server is busy, after the wait it names. */
export async function whenNotBusy<T>(
  ask: () => Promise<T>,
  wait: (ms: number) => Promise<void> = sleep,
): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await ask();
    } catch (error) {
      if (!isServerBusy(error) || attempt >= BUSY_RETRIES) throw error;
      await wait(busyWaitMs(error));
    }
  }
}

/** Why saving an area failed, as a translation key: a busy server has words of its own. */
export function saveProblemKey(error: unknown): ErrorMessageKey | 'offline.save.busy' {
  return isServerBusy(error) ? 'offline.save.busy' : errorMessageKey(error);
}
