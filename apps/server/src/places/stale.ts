const DAY_MS = 24 * 60 * 60 * 1000;

let staleAfterDays = 365;

/**
 * Sets how long a place stays fresh without a confirmation (STALE_AFTER_DAYS; buildApp, from the
 * configuration): one setting for the process, as every read path marks places with it.
 */
export function useStaleAfterDays(days: number): void {
  staleAfterDays = days;
}

/** The instant before which a confirmation is too old: places last confirmed earlier are stale. */
export function staleCutoff(now = Date.now()): Date {
  return new Date(now - staleAfterDays * DAY_MS);
}

/** Whether a place last confirmed at `confirmedAt` may be out of date. */
export function isStale(confirmedAt: Date, now = Date.now()): boolean {
  return confirmedAt.getTime() < staleCutoff(now).getTime();
}
