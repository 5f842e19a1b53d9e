import { GeocoderUnavailableError } from './geocode-source.ts';

const busy = () => new GeocoderUnavailableError('Address search is busy: try again in a few seconds');

/**
 * Calls one at a time, in the order they come, each starting at least `intervalMs` after the one
 * before started: the public Nominatim allows one request a second for a whole site. A call that
 * cannot start before its deadline is refused (503) rather than sent late: at once when the queue
 * already reaches past it, else when its turn comes too late.
 */
export function requestPace(intervalMs: number) {
  let lastStart = Number.NEGATIVE_INFINITY;
  /** When the last call queued is expected to start, to refuse early what would wait too long. */
  let expectedStart = 0;
  let tail: Promise<unknown> = Promise.resolve();
  return async function paced<T>(call: () => Promise<T>, deadline: number): Promise<T> {
    const expected = Math.max(Date.now(), expectedStart + intervalMs);
    if (expected >= deadline) throw busy();
    expectedStart = expected;
    const turn = tail.then(async () => {
      const wait = lastStart + intervalMs - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      if (Date.now() >= deadline) throw busy();
      lastStart = Date.now();
      return call();
    });
    // The next call waits for this one to end, whether it succeeds or not.
    tail = turn.catch(() => undefined);
    return turn;
  };
}
