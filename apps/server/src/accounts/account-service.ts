import { setTimeout as sleep } from 'node:timers/promises';
import type { CurrentUser } from '@karta/contracts';
import type { Database, Queryable } from '../db/database.ts';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './password-hashing.ts';
import {
  createSessionRepository,
  hashSessionToken,
  isWellFormedToken,
  newSessionToken,
} from './session-repository.ts';
import { createSignInThrottle } from './sign-in-throttle.ts';
import { createUserRepository, type UserRecord } from './user-repository.ts';

/** Sessions last 30 days from their last use (extended at most once a day)… */
export const SESSION_LIFETIME_SECONDS = 30 * 24 * 60 * 60;
/** …and never longer than 90 days from sign-in, used or not: a stolen token does not live forever. */
export const SESSION_MAX_AGE_SECONDS = 90 * 24 * 60 * 60;
/** How often a used session is extended: a write at most once a day per session, not per request. */
export const SESSION_RENEW_AFTER_SECONDS = 24 * 60 * 60;

/** The user a request acts as. */
export type RequestUser = CurrentUser;

/** A started session: the token for the cookie and the user it signs in. */
export interface StartedSession {
  user: RequestUser;
  token: string;
}

function publicUser(user: Pick<UserRecord, 'id' | 'email' | 'displayName' | 'role'>): RequestUser {
  return { id: user.id, email: user.email, displayName: user.displayName, role: user.role };
}

/**
 * Registration, sign-in, sign-out and session lookup. Each change runs in one transaction; the
 * routes add cookies, rate limits and HTTP statuses.
 */
export function createAccountService(database: Database) {
  const users = createUserRepository(database);
  const sessions = createSessionRepository(database);
  const throttle = createSignInThrottle();
  // Hash the dummy password now, so the first unknown e-mail does not take twice as long.
  verifyAgainstDummy('warm-up').catch(() => undefined);

  /** A new session for `user`, replacing the one presented with the request (if any). */
  async function startSession(
    tx: Queryable,
    user: UserRecord,
    previousToken: string | undefined,
  ): Promise<StartedSession> {
    const txSessions = createSessionRepository(tx);
    // Rotation: a token planted in the browser before sign-in (session fixation) dies here.
    if (previousToken && isWellFormedToken(previousToken)) {
      await txSessions.delete(hashSessionToken(previousToken));
    }
    await txSessions.purgeExpired();
    const { token, tokenHash } = newSessionToken();
    await txSessions.create(user.id, tokenHash, SESSION_LIFETIME_SECONDS);
    return { user: publicUser(user), token };
  }

  return {
    /**
     * Creates a contributor and signs them in; null when the e-mail is taken (the route does not
     * say so). The password is hashed either way, so both answers take as long.
     */
    async register(
      input: { email: string; displayName: string; password: string },
      previousToken?: string,
    ): Promise<StartedSession | null> {
      const passwordHash = await hashPassword(input.password);
      return database.transaction(async (tx) => {
        const user = await createUserRepository(tx).insert({
          email: input.email,
          displayName: input.displayName,
          passwordHash,
        });
        if (!user) return null;
        return startSession(tx, user, previousToken);
      });
    },

    /**
     * Signs in; null for an unknown e-mail, a wrong password or a disabled account alike, each
     * after one password verification (a dummy one when there is no account). Past a few
     * failures at the account, from anywhere, the attempt first waits (see sign-in-throttle.ts).
     */
    async login(email: string, password: string, previousToken?: string): Promise<StartedSession | null> {
      const wait = throttle.delayFor(email);
      if (wait > 0) await sleep(wait);
      const user = await users.findByEmail(email);
      const matches = user
        ? await verifyPassword(user.passwordHash, password)
        : await verifyAgainstDummy(password).then(() => false);
      if (!user || !matches || user.disabled) {
        throttle.recordFailure(email);
        return null;
      }
      return database.transaction((tx) => startSession(tx, user, previousToken));
    },

    /** Ends the session of `token` (nothing to do for an unknown one). */
    async logout(token: string | undefined): Promise<void> {
      if (token && isWellFormedToken(token)) await sessions.delete(hashSessionToken(token));
    },

    /**
     * The user of a session token, or null when it is unknown, expired or its user is disabled
     * (an expired or disabled session is deleted on the way). `renewed` says the session was
     * extended, so the cookie should be sent again; `mayWrite: false` (storage low) skips that.
     */
    async resolveSession(
      token: string,
      options: { mayWrite: boolean },
    ): Promise<{ user: RequestUser; renewed: boolean } | null> {
      if (!isWellFormedToken(token)) return null;
      const session = await sessions.find(hashSessionToken(token), {
        renewAfterSeconds: SESSION_RENEW_AFTER_SECONDS,
        maxAgeSeconds: SESSION_MAX_AGE_SECONDS,
      });
      if (!session) return null;
      if (session.expired || session.disabled) {
        if (options.mayWrite) await sessions.deleteById(session.sessionId);
        return null;
      }
      let renewed = false;
      if (session.renewDue && options.mayWrite) {
        await sessions.renew(session.sessionId, SESSION_LIFETIME_SECONDS, SESSION_MAX_AGE_SECONDS);
        renewed = true;
      }
      return {
        user: publicUser({
          id: session.userId,
          email: session.email,
          displayName: session.displayName,
          role: session.role,
        }),
        renewed,
      };
    },

    /** Changes a user's role or disabled flag in one transaction (disabling ends their sessions). */
    updateUser: (id: number, patch: { role?: CurrentUser['role']; disabled?: boolean }) =>
      database.transaction((tx) => createUserRepository(tx).update(id, patch)),

    /** Deletes every expired session (also done at each sign-in). */
    purgeExpiredSessions: () => sessions.purgeExpired(),

    users,
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
