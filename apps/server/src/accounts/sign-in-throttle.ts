/**
 * The account-wide ceiling on sign-in attempts: past a few failures at one account (from any
 * address), each further attempt at it waits before its password is checked, longer each time up
 * to a cap. It slows a guesser down and never refuses: the owner's right password, from any
 * address, still signs in, only later, so nobody can lock another person out (admins included).
 * The hard limits are on failures per client address and per (account, address) pair
 * (`createSignInFailureLimits`, numbers in `RATE_LIMITS`), which only ever stop the address that
 * fails; successful sign-ins count toward none of them.
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

/** At most `max` failures within `timeWindow` ms of the first one the window counts. */
export interface FailureLimit {
  max: number;
  timeWindow: number;
}

/** A sign-in that took its places: `release` gives them back once it has not failed. */
export interface SignInAttempt {
  release(): void;
}

/** Keys remembered by each limit at once; past that the least recently counted are forgotten. */
const KEYS_REMEMBERED = 20_000;

/** One failure limit: places taken per key in a window that starts with the first. */
function failureWindows(limit: FailureLimit, now: () => number) {
  const windows = new Map<string, { count: number; ends: number }>();

  function current(key: string) {
    const entry = windows.get(key);
    if (entry && now() >= entry.ends) {
      windows.delete(key);
      return undefined;
    }
    return entry;
  }

  return {
    /** Seconds until `key` has a place again; 0 when it has one now. */
    waitFor(key: string): number {
      const entry = current(key);
      return entry && entry.count >= limit.max ? Math.max(1, Math.ceil((entry.ends - now()) / 1000)) : 0;
    },

    /** Takes one of `key`'s places (check `waitFor` first); the function gives it back. */
    take(key: string): () => void {
      const entry = current(key) ?? { count: 0, ends: now() + limit.timeWindow };
      entry.count += 1;
      // Re-inserted, so the map's order is least recently counted first.
      windows.delete(key);
      windows.set(key, entry);
      if (windows.size > KEYS_REMEMBERED) {
        const oldest = windows.keys().next().value;
        if (oldest !== undefined) windows.delete(oldest);
      }
      let given = false;
      return () => {
        if (given) return;
        given = true;
        // Only into the window it came from: a later window owes it nothing.
        if (windows.get(key) === entry && entry.count > 0) entry.count -= 1;
      };
    },
  };
}

/**
 * The hard sign-in limits, in this process's memory (like the other rate limits): failures per
 * client address, and per (account, client address) pair. An attempt takes a place in both before
 * its password is checked, so attempts sent at once cannot overshoot a limit (and none is hashed
 * past it), and gives them back when it does not fail: only failures count, so a person who signs
 * in again and again, or many people behind one address, are never refused for succeeding.
 */
export function createSignInFailureLimits(
  limits: { perAddress: FailureLimit; perAccountAndAddress: FailureLimit },
  now: () => number = Date.now,
) {
  const byAddress = failureWindows(limits.perAddress, now);
  const byPair = failureWindows(limits.perAccountAndAddress, now);

  return {
    /**
     * Takes the places of a sign-in from client `address` at `email` (an account or not):
     * `{ retryAfterSeconds }` when either limit has none left (nothing is taken then), else the
     * attempt, whose `release` is called unless it failed.
     */
    take(address: string, email: string): SignInAttempt | { retryAfterSeconds: number } {
      const pair = `${address}\n${accountKey(email)}`;
      const wait = Math.max(byAddress.waitFor(address), byPair.waitFor(pair));
      if (wait > 0) return { retryAfterSeconds: wait };
      const releases = [byAddress.take(address), byPair.take(pair)];
      return {
        release: () => {
          for (const release of releases) release();
        },
      };
    },
  };
}

export type SignInFailureLimits = ReturnType<typeof createSignInFailureLimits>;
