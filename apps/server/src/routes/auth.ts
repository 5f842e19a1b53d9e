import { setTimeout as sleep } from 'node:timers/promises';
import type { FieldIssue } from '@karta/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SessionOrigin } from '../accounts/account-service.ts';
import { deviceLabel } from '../accounts/device-label.ts';
import { MODERATOR_ROLES, requireUser } from '../accounts/request-user.ts';
import { clearSessionCookie, presentedToken, setSessionCookie } from '../accounts/session-cookie.ts';
import { createSignInFailureLimits } from '../accounts/sign-in-throttle.ts';
import { hashBrowserToken } from '../accounts/sso-sign-in.ts';
import { passwordContentIssues } from '../config/password-rules.ts';
import { clientKey } from '../http/client-address.ts';
import { defineRoute } from '../http/contract-route.ts';
import { AppError, validationError } from '../http/errors.ts';
import { createLimiter, RATE_LIMITS, rateLimitedError, userOrAddressKey } from '../http/rate-limit.ts';
import { recipientAllowance } from '../mail/outbox.ts';
import { clearSsoBrowserCookie, ssoBrowserToken, ssoRoutes } from './sso.ts';

/** One message for every refused sign-in, so it never tells which of e-mail or password was wrong. */
export const INVALID_CREDENTIALS_MESSAGE = 'The e-mail address or password is not correct.';
/** One message for a reset link that is unknown, used or expired: which of them is not told. */
export const RESET_LINK_INVALID_MESSAGE =
  'This password-reset link does not work any more: it was used, it is older than an hour, or it is not complete. Ask for a new one.';
export const VERIFICATION_LINK_INVALID_MESSAGE =
  'This confirmation link does not work any more: it was used, it is older than a week, or it is not complete. Sign in and ask for a new one.';
export const REGISTRATION_LINK_INVALID_MESSAGE =
  'This link does not work any more: it was used, it is older than a day, the address has an account since, or it is not complete. Register again, or sign in.';
export const WRONG_PASSWORD_MESSAGE = 'The current password is not correct.';

/** One message for a refused registration, whatever the reason (a taken e-mail is not revealed). */
export const REGISTRATION_REFUSED_MESSAGE =
  'We could not create an account with these details. If you already have an account, sign in instead.';

/**
 * The issues of an auth body, each with a code for translation: the check's own, or `required`
 * when the field is missing or empty, `invalid` otherwise; `extra` adds checks of the server's own.
 */
function codedIssues(
  extra: (input: Record<string, unknown>, issues: FieldIssue[]) => FieldIssue[] = () => [],
) {
  return (input: Record<string, unknown>, issues: FieldIssue[]): FieldIssue[] => {
    const coded = issues.map((issue): FieldIssue => {
      if (issue.code) return issue;
      const value = input[issue.path];
      return {
        ...issue,
        code: value === undefined || value === null || value === '' ? 'required' : 'invalid',
      };
    });
    coded.push(...extra(input, coded));
    return coded;
  };
}

/** The token a request's session replaces and the browser it is for. */
function sessionOrigin(request: FastifyRequest): SessionOrigin {
  return { previousToken: presentedToken(request), device: deviceLabel(request.headers['user-agent']) };
}

/** Refuses a request past a limit of the routes' own: 429 with `Retry-After`, and the limit's log line. */
function refuse(request: FastifyRequest, reply: FastifyReply, retryAfterSeconds: number): never {
  request.log.warn({ limit: request.routeOptions.url }, 'rate limit reached');
  reply.header('retry-after', retryAfterSeconds);
  throw rateLimitedError(retryAfterSeconds);
}

/**
 * An answer about an address (a reset request, a registration with mail on) takes at least this
 * long, whether an account has the address or not.
 */
export const ADDRESS_ANSWER_MIN_MS = 250;

/** Waits out what is left of {@link ADDRESS_ANSWER_MIN_MS} since `started` (`performance.now()`). */
async function noSoonerThanForEveryAddress(started: number): Promise<void> {
  const left = ADDRESS_ANSWER_MIN_MS - (performance.now() - started);
  if (left > 0) await sleep(left);
}
/** What every feature that needs e-mail (reset, verification, follows) answers when the site sends none. */
export const MAIL_OFF_MESSAGE =
  'This site sends no e-mail, so this cannot be done by e-mail. Ask an administrator.';

/** Refuses, with 404 `mail_off`, a request for a feature that needs e-mail while the site sends none. */
export function requireMail(app: FastifyInstance): void {
  if (!app.mailer.enabled) throw new AppError('mail_off', MAIL_OFF_MESSAGE);
}

export const PASSWORD_LOGIN_OFF_MESSAGE =
  'This site signs in through single sign-on only: passwords are not used here.';

/**
 * Refuses, with 403 `password_login_off`, sign-in, registration and reset by password while
 * `PASSWORD_LOGIN=false` (README, "Single sign-on"); the admin command still works.
 */
function requirePasswordLogin(app: FastifyInstance): void {
  if (!app.appConfig.passwordLogin) throw new AppError('password_login_off', PASSWORD_LOGIN_OFF_MESSAGE);
}

/** register, login, logout, me; single sign-on (routes/sso.ts); password reset and change; the user's sessions. */
export async function authRoutes(app: FastifyInstance) {
  const signInFailures = createSignInFailureLimits(
    {
      perAddress: RATE_LIMITS.loginFailuresPerAddress,
      perAccountAndAddress: RATE_LIMITS.loginFailuresPerAccountAndAddress,
    },
    app.counters,
  );
  const passwordChangesPerUser = createLimiter(app, RATE_LIMITS.passwordChangePerUser, (request) =>
    userOrAddressKey(request),
  );

  // Answers about a person are for them only: never stored by a cache (single sign-on's too).
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  await app.register(ssoRoutes);

  defineRoute(
    app,
    'register',
    async (request, reply) => {
      requirePasswordLogin(app);
      if (app.mailer.enabled) {
        // Every address gets this answer, no sooner: the e-mail says the rest (see README,
        // No account enumeration).
        const started = performance.now();
        await app.registrations.request(request.body);
        await noSoonerThanForEveryAddress(started);
        reply.code(202);
        return { pending: true as const };
      }
      const started = await app.accounts.register(request.body, sessionOrigin(request));
      // A taken e-mail: the same answer as any refusal we do not explain (see decision 005).
      if (!started) throw new AppError('registration_refused', REGISTRATION_REFUSED_MESSAGE);
      setSessionCookie(reply, app.appConfig, started.token);
      return started.user;
    },
    {
      options: { config: { rateLimit: RATE_LIMITS.registerPerAddress } },
      bodyIssues: codedIssues((input, issues) => {
        // The list and e-mail checks need the server's list; length problems were already given.
        if (typeof input.password !== 'string' || issues.some((issue) => issue.path === 'password'))
          return [];
        return passwordContentIssues(input.password, typeof input.email === 'string' ? input.email : '');
      }),
    },
  );

  defineRoute(
    app,
    'confirmRegistration',
    async (request, reply) => {
      requirePasswordLogin(app);
      requireMail(app);
      const started = await app.accounts.completeRegistration(request.body.token, sessionOrigin(request));
      if (!started) {
        throw new AppError('registration_link_invalid', REGISTRATION_LINK_INVALID_MESSAGE);
      }
      setSessionCookie(reply, app.appConfig, started.token);
      return started.user;
    },
    { options: { config: { rateLimit: RATE_LIMITS.registerPerAddress } }, bodyIssues: codedIssues() },
  );

  defineRoute(
    app,
    'login',
    async (request, reply) => {
      requirePasswordLogin(app);
      const { body } = request;
      // A place in the failure limits is taken before the password is checked, whether the
      // account exists or not, and given back unless the sign-in fails: only failures count.
      const attempt = await signInFailures.take(clientKey(request), body.email);
      if ('retryAfterSeconds' in attempt) refuse(request, reply, attempt.retryAfterSeconds);
      let failed = false;
      try {
        const started = await app.accounts.login(body.email, body.password, sessionOrigin(request));
        if (!started) {
          failed = true;
          throw new AppError('invalid_credentials', INVALID_CREDENTIALS_MESSAGE);
        }
        setSessionCookie(reply, app.appConfig, started.token);
        // An identity that waited for this account's password in this browser is linked now.
        const browser = ssoBrowserToken(request);
        if (browser && (await app.sso.completePendingLink(hashBrowserToken(browser), started.user.id))) {
          clearSsoBrowserCookie(reply, request);
        }
        return started.user;
      } finally {
        // A success, or an error of ours (the database away), is not a failed sign-in.
        if (!failed) await attempt.release();
      }
    },
    { options: { config: { rateLimit: RATE_LIMITS.loginPerAddress } }, bodyIssues: codedIssues() },
  );

  defineRoute(app, 'logout', async (request, reply) => {
    await app.accounts.logout(presentedToken(request));
    clearSessionCookie(reply, app.appConfig);
    return reply.send();
  });

  defineRoute(app, 'me', async (request) => request.user ?? null);

  defineRoute(
    app,
    'requestPasswordReset',
    async (request, reply) => {
      requirePasswordLogin(app);
      requireMail(app);
      const started = performance.now();
      // Past the address's limit (RECIPIENT_LIMITS in mail/outbox.ts, counted in the database)
      // nothing is sent, and the answer is the same: a 429 here would tell which have accounts.
      await app.passwordResets.request(
        request.body.email,
        request.body.language,
        app.appConfig.defaultLanguage,
      );
      // The same answer, no sooner, for an address with an account and one without.
      await noSoonerThanForEveryAddress(started);
      return reply.code(204).send();
    },
    { options: { config: { rateLimit: RATE_LIMITS.passwordResetPerAddress } }, bodyIssues: codedIssues() },
  );

  defineRoute(
    app,
    'confirmPasswordReset',
    async (request, reply) => {
      requirePasswordLogin(app);
      requireMail(app);
      const outcome = await app.passwordResets.confirm(request.body.token, request.body.password);
      if (outcome === 'invalid') throw new AppError('reset_link_invalid', RESET_LINK_INVALID_MESSAGE);
      if (outcome !== 'reset') throw validationError(outcome, 'The request body is not valid');
      // Every session of the account ended, this browser's too if it had one.
      clearSessionCookie(reply, app.appConfig);
      return reply.code(204).send();
    },
    {
      options: { config: { rateLimit: RATE_LIMITS.passwordResetConfirmPerAddress } },
      bodyIssues: codedIssues(),
    },
  );

  defineRoute(
    app,
    'changePassword',
    async (request, reply) => {
      const user = requireUser(request);
      await passwordChangesPerUser(request, reply);
      const outcome = await app.accounts.changePassword(user.id, request.body, presentedToken(request));
      if (outcome === 'wrong_password') {
        throw new AppError('wrong_password', WRONG_PASSWORD_MESSAGE, [
          { path: 'currentPassword', code: 'invalid', message: WRONG_PASSWORD_MESSAGE },
        ]);
      }
      if (outcome !== 'changed') throw validationError(outcome, 'The request body is not valid');
      return reply.code(204).send();
    },
    { bodyIssues: codedIssues() },
  );

  defineRoute(
    app,
    'verifyEmail',
    async (request, reply) => {
      requireMail(app);
      if ((await app.emailVerifications.verify(request.body.token)) === 'invalid') {
        throw new AppError('verification_link_invalid', VERIFICATION_LINK_INVALID_MESSAGE);
      }
      return reply.code(204).send();
    },
    {
      options: { config: { rateLimit: RATE_LIMITS.passwordResetConfirmPerAddress } },
      bodyIssues: codedIssues(),
    },
  );

  defineRoute(app, 'resendVerification', async (request, reply) => {
    const user = requireUser(request);
    requireMail(app);
    // The user's own address: saying it has had enough links for now tells nobody anything new.
    const allowance = await recipientAllowance(app.database, user.email, 'verify-email');
    if (!allowance.allowed) refuse(request, reply, allowance.retryAfterSeconds);
    await app.emailVerifications.resend(user.id);
    return reply.code(204).send();
  });

  defineRoute(app, 'notificationSettings', async (request) => {
    const user = requireUser(request);
    return app.accounts.notificationSettings(user.id, app.appConfig.defaultLanguage);
  });

  defineRoute(app, 'updateNotificationSettings', async (request) => {
    const user = requireUser(request);
    const current = await app.accounts.notificationSettings(user.id, app.appConfig.defaultLanguage);
    if (
      request.body.reviewMail !== current.reviewMail &&
      !(MODERATOR_ROLES as readonly string[]).includes(user.role)
    ) {
      throw new AppError('forbidden', 'Review e-mail is for moderators.');
    }
    return app.accounts.updateNotificationSettings(user.id, request.body);
  });

  defineRoute(app, 'listSessions', async (request) => {
    const user = requireUser(request);
    return { items: await app.accounts.listSessions(user.id, presentedToken(request)) };
  });

  defineRoute(app, 'endSession', async (request, reply) => {
    const user = requireUser(request);
    const ended = await app.accounts.endSession(user.id, request.params.id, presentedToken(request));
    if (ended === 'missing') throw new AppError('not_found', 'There is no such session of yours.');
    // This browser's own session: signed out like `logout`.
    if (ended === 'this') clearSessionCookie(reply, app.appConfig);
    return reply.code(204).send();
  });
}
