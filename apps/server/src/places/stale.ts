const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The instant before which a confirmation is too old: places last confirmed earlier are stale.
 * `staleAfterDays`: the app's STALE_AFTER_DAYS (`config.staleAfterDays`, passed down in
 * `PlaceSettings`).
 */
export function staleCutoff(staleAfterDays: number, now = Date.now()): Date {
  return new Date(now - staleAfterDays * DAY_MS);
}

/** Whether a place last confirmed at `confirmedAt` may be out of date after `staleAfterDays`. */
export function isStale(confirmedAt: Date, staleAfterDays: number, now = Date.now()): boolean {
  return confirmedAt.getTime() < staleCutoff(staleAfterDays, now).getTime();
}
