/**
 * The account-wide ceiling on sign-in attempts: past a few failures at one account (from any
 * address), each further attempt at it waits before its password is checked, longer each time up
 * to a cap. It slows a guesser down and never refuses: the owner's right password, from any
 * address, still signs in, only later, so nobody can lock another person out (admins included).
 * The hard limits are per client address and per (account, address) pair (see `RATE_LIMITS`),
 * which only ever stop the address that makes the attempts.
 */

/** Failures at one account within the window before attempts start to wait. */
export const FREE_FAILURES = 5;
/** The first wait; each further failure doubles it, up to `MAX_DELAY_MS`. */
export const FIRST_DELAY_MS = 1000;
export const MAX_DELAY_MS = 10_000;
/** Failures are counted over this long from the first one, then forgotten. */
export const FAILURE_WINDOW_MS = 15 * 60_000;
/** Accounts remembered at once; past that the least recently failed are forgotten. */
const ACCOUNTS_REMEMBERED = 20_000;

/** How long an attempt waits after `failures` failures at its account. */
export function signInDelayMs(failures: number): number {
  if (failures < FREE_FAILURES) return 0;
  return Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** (failures - FREE_FAILURES));
}

/** The account a sign-in names, as the limits count it: case, spacing and Unicode form ignored. */
export function accountKey(email: string): string {
  return email.trim().normalize('NFKC').toLowerCase();
}

/**
 * Failed sign-ins per account, in this process's memory (like the rate limits: with several
 * instances each counts its own).
 */
export function createSignInThrottle(now: () => number = Date.now) {
  const failures = new Map<string, { count: number; since: number }>();

  function current(key: string) {
    const entry = failures.get(key);
    if (entry && now() - entry.since >= FAILURE_WINDOW_MS) {
      failures.delete(key);
      return undefined;
    }
    return entry;
  }

  return {
    /** How long an attempt at `email` waits before its password is checked (ms). */
    delayFor(email: string): number {
      return signInDelayMs(current(accountKey(email))?.count ?? 0);
    },

    /** Counts a failed attempt at `email` (an unknown account counts like a known one). */
    recordFailure(email: string): void {
      const key = accountKey(email);
      const entry = current(key) ?? { count: 0, since: now() };
      entry.count += 1;
      // Re-inserted, so the map's order is least recently failed first.
      failures.delete(key);
      failures.set(key, entry);
      if (failures.size > ACCOUNTS_REMEMBERED) {
        const oldest = failures.keys().next().value;
        if (oldest !== undefined) failures.delete(oldest);
      }
    },
  };
}

export type SignInThrottle = ReturnType<typeof createSignInThrottle>;
