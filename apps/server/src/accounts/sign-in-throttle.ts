import type { CounterStore, WindowCount } from '../limits/counter-store.ts';

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
 * Failed sign-ins per account, counted in `counters` (RATE_LIMIT_STORE: shared by every instance
 * unless it is memory), in a window opened by the first failure.
 */
export function createSignInThrottle(counters: CounterStore) {
  const LIMIT = 'sign-in-failures-per-account';
  return {
    /** How long an attempt at `email` waits before its password is checked (ms). */
    async delayFor(email: string): Promise<number> {
      return signInDelayMs((await counters.peek(LIMIT, accountKey(email)))?.count ?? 0);
    },

    /** Counts a failed attempt at `email` (an unknown account counts like a known one). */
    async recordFailure(email: string): Promise<void> {
      await counters.hit(LIMIT, accountKey(email), FAILURE_WINDOW_MS);
    },
  };
}

export type SignInThrottle = ReturnType<typeof createSignInThrottle>;

/** At most `max` failures within `timeWindow` ms of the first one the window counts. */
export interface FailureLimit {
  max: number;
  timeWindow: number;
}

/** A sign-in that took its places: `release` gives them back (once) when it has not failed. */
export interface SignInAttempt {
  release(): Promise<void>;
}

/**
 * The hard sign-in limits, counted in `counters` like the other rate limits: failures per client
 * address, and per (account, client address) pair, each in a window opened by its first. An
 * attempt takes a place in both before its password is checked, so attempts sent at once cannot
 * overshoot a limit (and none is hashed past it); one that finds either full gives both back and
 * is refused. A sign-in that does not fail gives its places back too: only failures count, so a
 * person who signs in again and again, or many people behind one address, are never refused for
 * succeeding.
 */
export function createSignInFailureLimits(
  limits: { perAddress: FailureLimit; perAccountAndAddress: FailureLimit },
  counters: CounterStore,
) {
  const places = [
    { name: 'sign-in-failures-per-address', limit: limits.perAddress },
    { name: 'sign-in-failures-per-account-and-address', limit: limits.perAccountAndAddress },
  ];

  return {
    /**
     * Takes the places of a sign-in from client `address` at `email` (an account or not):
     * `{ retryAfterSeconds }` when either limit has none left (nothing is kept then), else the
     * attempt, whose `release` is called unless it failed.
     */
    async take(address: string, email: string): Promise<SignInAttempt | { retryAfterSeconds: number }> {
      const keys = [address, `${address}\n${accountKey(email)}`];
      const taken = await Promise.all(
        places.map(({ name, limit }, i) => counters.hit(name, keys[i] as string, limit.timeWindow)),
      );
      let given = false;
      const release = async () => {
        if (given) return;
        given = true;
        await Promise.all(
          places.map(({ name }, i) =>
            counters.unhit(name, keys[i] as string, (taken[i] as WindowCount).endsAt),
          ),
        );
      };
      const wait = Math.max(
        0,
        ...taken.map((window, i) =>
          window.count > (places[i] as (typeof places)[number]).limit.max
            ? Math.max(1, Math.ceil(window.resetInMs / 1000))
            : 0,
        ),
      );
      if (wait === 0) return { release };
      await release();
      return { retryAfterSeconds: wait };
    },
  };
}

export type SignInFailureLimits = ReturnType<typeof createSignInFailureLimits>;
