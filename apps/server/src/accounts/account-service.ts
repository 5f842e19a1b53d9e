import { setTimeout as sleep } from 'node:timers/promises';
import type { CurrentUser, FieldIssue, NotificationSettings } from '@karta/contracts';
import { passwordContentIssues } from '../config/password-rules.ts';
import type { Database, Queryable } from '../db/database.ts';
import type { CounterStore } from '../limits/counter-store.ts';
import type { Mailer } from '../mail/mailer.ts';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './password-hashing.ts';
import { claimPendingRegistration } from './registrations.ts';
import {
  createSessionRepository,
  hashSessionToken,
  isWellFormedToken,
  newSessionToken,
} from './session-repository.ts';
import { setPassword } from './set-password.ts';
import { createSignInThrottle } from './sign-in-throttle.ts';
import { createUserRepository, type UserRecord } from './user-repository.ts';

/** Sessions last 30 days from their last use (extended at most once a day)… */
export const SESSION_LIFETIME_SECONDS = 30 * 24 * 60 * 60;
/** …and never longer than 90 days from sign-in, used or not: a stolen token does not live forever. */
export const SESSION_MAX_AGE_SECONDS = 90 * 24 * 60 * 60;
/** How often a used session is extended: a write at most once a day per session, not per request. */
export const SESSION_RENEW_AFTER_SECONDS = 24 * 60 * 60;

/** Where a session is started: the token it replaces, and the browser it is for (`deviceLabel`). */
export interface SessionOrigin {
  previousToken?: string;
  device?: string | null;
}

/** The stored hash of a presented session token; null when there is none or it is not one we issue. */
function sessionHashOf(token: string | undefined): string | null {
  return token && isWellFormedToken(token) ? hashSessionToken(token) : null;
}

/** The user a request acts as. */
export type RequestUser = CurrentUser;

/** A started session: the token for the cookie and the user it signs in. */
export interface StartedSession {
  user: RequestUser;
  token: string;
}

/** The user as the client sees them; with mail off nobody can prove an address, so all count as proven. */
function publicUser(
  user: Pick<UserRecord, 'id' | 'email' | 'displayName' | 'role' | 'emailVerified'>,
  mailOn: boolean,
): RequestUser {
  return {
    id: user.id,
    email: user.email,
    displayName: user.displayName,
    role: user.role,
    emailVerified: user.emailVerified || !mailOn,
  };
}

/**
 * Registration, sign-in, sign-out and session lookup. Each change runs in one transaction; the
 * routes add cookies, rate limits and HTTP statuses.
 */
export function createAccountService(
  database: Database,
  { mailer, siteLanguage, counters }: { mailer: Mailer; siteLanguage: string; counters: CounterStore },
) {
  const mailOn = mailer.enabled;
  const users = createUserRepository(database);
  const sessions = createSessionRepository(database);
  const throttle = createSignInThrottle(counters);
  // Hash the dummy password now, so the first unknown e-mail does not take twice as long.
  verifyAgainstDummy('warm-up').catch(() => undefined);

  /** A new session for `user` in `device`, replacing the one presented with the request (if any). */
  async function startSession(tx: Queryable, user: UserRecord, from: SessionOrigin): Promise<StartedSession> {
    const { previousToken, device = null } = from;
    const txSessions = createSessionRepository(tx);
    // Rotation: a token planted in the browser before sign-in (session fixation) dies here.
    const previousHash = sessionHashOf(previousToken);
    if (previousHash) await txSessions.delete(previousHash);
    await txSessions.purgeExpired();
    const { token, tokenHash } = newSessionToken();
    await txSessions.create(user.id, tokenHash, SESSION_LIFETIME_SECONDS, device);
    return { user: publicUser(user, mailOn), token };
  }

  return {
    /**
     * Creates a contributor and signs them in, when the site sends no e-mail (with e-mail, see
     * registrations.ts); null when the e-mail is taken (the route does not say so). The password
     * is hashed either way, so both answers take as long.
     */
    async register(
      input: { email: string; displayName: string; password: string; language?: string },
      from: SessionOrigin = {},
    ): Promise<StartedSession | null> {
      const passwordHash = await hashPassword(input.password);
      return database.transaction(async (tx) => {
        const user = await createUserRepository(tx).insert({
          email: input.email,
          displayName: input.displayName,
          passwordHash,
          mailLanguage: input.language ?? null,
        });
        if (!user) return null;
        return startSession(tx, user, from);
      });
    },

    /**
     * Makes the account of a registration e-mail's link (its address proven by following it) and
     * signs it in; null for an unknown, used or expired link, or an address that has an account
     * since the link was sent.
     */
    async completeRegistration(token: string, from: SessionOrigin = {}): Promise<StartedSession | null> {
      return database.transaction(async (tx) => {
        const request = await claimPendingRegistration(tx, token);
        if (!request) return null;
        const user = await createUserRepository(tx).insert({ ...request, emailVerified: true });
        return user ? startSession(tx, user, from) : null;
      });
    },

    /**
     * Signs in; null for an unknown e-mail, a wrong password or a disabled account alike, each
     * after one password verification (a dummy one when there is no account). Past a few
     * failures at the account, from anywhere, the attempt first waits (see sign-in-throttle.ts).
     */
    async login(email: string, password: string, from: SessionOrigin = {}): Promise<StartedSession | null> {
      const wait = await throttle.delayFor(email);
      if (wait > 0) await sleep(wait);
      const user = await users.findByEmail(email);
      // An account made by single sign-on has no password (''): it never matches, as slowly.
      const matches = user?.passwordHash
        ? await verifyPassword(user.passwordHash, password)
        : await verifyAgainstDummy(password).then(() => false);
      if (!user || !matches || user.disabled) {
        await throttle.recordFailure(email);
        return null;
      }
      return database.transaction((tx) => startSession(tx, user, from));
    },

    /** Starts a session for `user` inside `tx` (single sign-on signs in this way, sso-sign-in.ts). */
    startSessionIn: startSession,

    /** Ends the session of `token` (nothing to do for an unknown one). */
    async logout(token: string | undefined): Promise<void> {
      const hash = sessionHashOf(token);
      if (hash) await sessions.delete(hash);
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
        user: publicUser(
          {
            id: session.userId,
            email: session.email,
            displayName: session.displayName,
            role: session.role,
            emailVerified: session.emailVerified,
          },
          mailOn,
        ),
        renewed,
      };
    },

    /**
     * Changes the password of `userId`, given the current one: `wrong_password` when it is not
     * the account's, the new one's rule issues when it breaks them, else done. Every session but
     * the one of `keepToken` ends, and what else the old password opened (see setPassword).
     */
    async changePassword(
      userId: number,
      input: { currentPassword: string; newPassword: string },
      keepToken: string | undefined,
    ): Promise<'changed' | 'wrong_password' | FieldIssue[]> {
      const user = await users.findById(userId);
      if (!user || !(await verifyPassword(user.passwordHash, input.currentPassword))) return 'wrong_password';
      const issues = passwordContentIssues(input.newPassword, user.email).map((issue) => ({
        ...issue,
        path: 'newPassword',
      }));
      if (issues.length > 0) return issues;
      const passwordHash = await hashPassword(input.newPassword);
      await database.transaction((tx) =>
        setPassword(tx, user, passwordHash, sessionHashOf(keepToken), {
          mailer,
          siteLanguage,
          how: 'changed',
        }),
      );
      mailer.wake();
      return 'changed';
    },

    /**
     * Whether `password` is `userId`'s, for a change that asks for it again (an API token): one
     * password verification, as signing in takes.
     */
    async passwordMatches(userId: number, password: string): Promise<boolean> {
      const user = await users.findById(userId);
      return user ? verifyPassword(user.passwordHash, password) : verifyAgainstDummy(password);
    },

    /** The live sessions of `userId`, the one of `currentToken` marked. */
    listSessions: (userId: number, currentToken: string | undefined) =>
      sessions.listOfUser(userId, sessionHashOf(currentToken)),

    /** Ends one of `userId`'s sessions: `this` when it was `currentToken`'s, `missing` when not theirs. */
    endSession: (userId: number, sessionId: number, currentToken: string | undefined) =>
      sessions.deleteOfUser(userId, sessionId, sessionHashOf(currentToken)),

    /** What `userId` is sent by e-mail; the language is the site's until they choose one. */
    async notificationSettings(userId: number, siteLanguage: string): Promise<NotificationSettings> {
      const { rows } = await database.query<NotificationSettings>(
        `SELECT review_mail AS "reviewMail", decision_mail AS "decisionMail",
                coalesce(mail_language, $2) AS language
         FROM users WHERE id = $1::int8`,
        [userId, siteLanguage],
      );
      const settings = rows[0];
      if (!settings) throw new Error(`user ${userId} not found`);
      return settings;
    },

    async updateNotificationSettings(
      userId: number,
      settings: NotificationSettings,
    ): Promise<NotificationSettings> {
      const { rows } = await database.query<NotificationSettings>(
        `UPDATE users SET review_mail = $2, decision_mail = $3, mail_language = $4 WHERE id = $1::int8
         RETURNING review_mail AS "reviewMail", decision_mail AS "decisionMail", mail_language AS language`,
        [userId, settings.reviewMail, settings.decisionMail, settings.language],
      );
      const updated = rows[0];
      if (!updated) throw new Error(`user ${userId} not found`);
      return updated;
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
