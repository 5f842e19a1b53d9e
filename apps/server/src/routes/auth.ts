import type { FieldIssue } from '@karta/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { passwordContentIssues } from '../accounts/password-rules.ts';
import { clearSessionCookie, presentedToken, setSessionCookie } from '../accounts/session-cookie.ts';
import { accountKey } from '../accounts/sign-in-throttle.ts';
import { clientKey } from '../http/client-address.ts';
import { defineRoute } from '../http/contract-route.ts';
import { AppError } from '../http/errors.ts';
import { createLimiter, RATE_LIMITS } from '../http/rate-limit.ts';

/** One message for every refused sign-in, so it never tells which of e-mail or password was wrong. */
export const INVALID_CREDENTIALS_MESSAGE = 'The e-mail address or password is not correct.';
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

/** The (account, client address) pair a sign-in is counted under; the account as the throttle names it. */
function signInPairKey(request: FastifyRequest): string {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return `login:${clientKey(request)}:${typeof email === 'string' ? accountKey(email) : ''}`;
}

/** register, login, logout, me. */
export async function authRoutes(app: FastifyInstance) {
  const perAccount = createLimiter(app, RATE_LIMITS.loginPerAccountAndAddress, signInPairKey);

  // Answers about a person are for them only: never stored by a cache.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  defineRoute(
    app,
    'register',
    async (request, reply) => {
      const started = await app.accounts.register(request.body, presentedToken(request));
      // A taken e-mail: the same answer as any refusal we do not explain (see decision 005).
      if (!started) throw new AppError(400, 'registration_refused', REGISTRATION_REFUSED_MESSAGE);
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
    'login',
    async (request, reply) => {
      const { body } = request;
      // Counted per attempt, before the password is checked, whether the account exists or not.
      await perAccount(request, reply);
      const started = await app.accounts.login(body.email, body.password, presentedToken(request));
      if (!started) throw new AppError(401, 'invalid_credentials', INVALID_CREDENTIALS_MESSAGE);
      setSessionCookie(reply, app.appConfig, started.token);
      return started.user;
    },
    { options: { config: { rateLimit: RATE_LIMITS.loginPerAddress } }, bodyIssues: codedIssues() },
  );

  defineRoute(app, 'logout', async (request, reply) => {
    await app.accounts.logout(presentedToken(request));
    clearSessionCookie(reply, app.appConfig);
    return reply.send();
  });

  defineRoute(app, 'me', async (request) => request.user ?? null);
}
