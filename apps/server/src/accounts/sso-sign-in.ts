import { createHash, randomBytes } from 'node:crypto';
import {
  DisplayName,
  EmailAddress,
  type SsoIdentity,
  type SsoProblem,
  type UserRole,
} from '@karta/contracts';
import { recordAudit, SYSTEM_ACTOR } from '../audit/record-audit.ts';
import type { OidcProviderConfig } from '../config/sso.ts';
import type { Database, Queryable } from '../db/database.ts';
import type { AccountService, SessionOrigin, StartedSession } from './account-service.ts';
import { createOidcClient, ProviderUnavailableError } from './oidc-client.ts';
import { createSsoIdentities } from './sso-identities.ts';
import { createUserRepository, type UserRecord } from './user-repository.ts';

/** A sign-in at a provider, and a link waiting for the account's password, last ten minutes. */
export const SSO_ATTEMPT_SECONDS = 10 * 60;

/** The browser's own random token (the `karta_sso` cookie): only its SHA-256 is stored. */
export function newBrowserToken(): string {
  return randomBytes(32).toString('base64url');
}
export function isBrowserToken(value: string | undefined): value is string {
  return value !== undefined && /^[A-Za-z0-9_-]{43}$/.test(value);
}
export function hashBrowserToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** How a callback ended: signed in (and where to go), or a problem the sign-in page explains. */
export type SsoOutcome = { started: StartedSession; returnTo: string } | { problem: SsoProblem };

/**
 * The role a provider's claim gives (`OIDC_<NAME>_ROLE_CLAIM`, a string or a list of strings):
 * admin over moderator over contributor; null when the provider does not decide roles.
 */
export function roleFromClaims(
  provider: OidcProviderConfig,
  claims: Record<string, unknown>,
): UserRole | null {
  if (!provider.roleClaim) return null;
  const raw = claims[provider.roleClaim];
  const values = (Array.isArray(raw) ? raw : [raw]).filter((value) => typeof value === 'string');
  if (values.some((value) => provider.adminValues.includes(value))) return 'admin';
  if (values.some((value) => provider.moderatorValues.includes(value))) return 'moderator';
  return 'contributor';
}

/** Whether `email` may sign in through the provider (`OIDC_<NAME>_ALLOWED_DOMAINS`). */
function domainAllowed(provider: OidcProviderConfig, email: string | null): boolean {
  if (provider.allowedDomains.length === 0) return true;
  const domain = email?.split('@').pop()?.toLowerCase();
  return domain !== undefined && provider.allowedDomains.includes(domain);
}

/** A new account's name: the provider's, else the e-mail's local part, within the name rules. */
function displayNameOf(name: string | null, email: string): string {
  for (const candidate of [name, email.split('@')[0]]) {
    const parsed = DisplayName.safeParse([...(candidate ?? '')].slice(0, 80).join(''));
    if (parsed.success) return parsed.data;
  }
  return 'Member';
}

/**
 * The one place single sign-on changes a role (applied at each sign-in, up and down, README
 * "Single sign-on"), recorded in the audit log as the site's own act with the provider and claim
 * that decided it. Sessions read the role from `users` on every request, so a lowered role holds
 * at once.
 */
async function changeRoleBySso(
  tx: Queryable,
  user: UserRecord,
  role: UserRole,
  provider: OidcProviderConfig,
): Promise<UserRecord> {
  await createUserRepository(tx).setRole(user.id, role);
  await recordAudit(tx, SYSTEM_ACTOR, {
    action: 'user.update',
    objectId: user.id,
    reason: `Single sign-on: ${provider.label}, claim ${provider.roleClaim}`,
    before: { role: user.role },
    after: { role },
  });
  return { ...user, role };
}

interface Attempt {
  provider: string;
  browserHash: string;
  codeVerifier: string;
  nonce: string;
  returnTo: string;
  expired: boolean;
}

/**
 * Single sign-on through OpenID Connect (docs/decisions/034-single-sign-on.md): starting at a
 * provider, the callback's checks, finding a person by (issuer, subject), the linking rules,
 * roles from a claim, and the identities of an account.
 */
export function createSingleSignOn(
  database: Database,
  { providers, accounts }: { providers: OidcProviderConfig[]; accounts: AccountService },
) {
  const byName = new Map(
    providers.map((provider) => [provider.name, { provider, oidc: createOidcClient(provider) }]),
  );

  /** Takes the attempt of `state` (so it is used once), whoever presents it. */
  async function takeAttempt(state: string): Promise<Attempt | null> {
    const { rows } = await database.query<Attempt>(
      `DELETE FROM sso_attempts WHERE state = $1
       RETURNING provider, browser_hash AS "browserHash", code_verifier AS "codeVerifier", nonce,
                 return_to AS "returnTo", expires_at <= now() AS expired`,
      [state],
    );
    return rows[0] ?? null;
  }

  async function keepPendingLink(
    tx: Queryable,
    browserHash: string,
    userId: number,
    link: { provider: string; issuer: string; subject: string; email: string | null },
  ) {
    await tx.query(
      `INSERT INTO sso_pending_links (browser_hash, user_id, provider, issuer, subject, email, expires_at)
       VALUES ($1, $2::int8, $3, $4, $5, $6, now() + make_interval(secs => $7))
       ON CONFLICT (browser_hash) DO UPDATE SET user_id = EXCLUDED.user_id, provider = EXCLUDED.provider,
         issuer = EXCLUDED.issuer, subject = EXCLUDED.subject, email = EXCLUDED.email,
         expires_at = EXCLUDED.expires_at`,
      [browserHash, userId, link.provider, link.issuer, link.subject, link.email, SSO_ATTEMPT_SECONDS],
    );
  }

  return {
    /** The providers as the sign-in page lists them. */
    providers: providers.map(({ name, label }) => ({ name, label })),

    has: (name: string) => byName.has(name),

    /**
     * The provider's authorization URL for a new sign-in, its state kept for the callback with
     * the browser's token hash; throws ProviderUnavailableError when the provider does not answer.
     */
    async start(
      name: string,
      input: { redirectUri: string; returnTo: string; browserHash: string },
    ): Promise<URL> {
      const entry = byName.get(name);
      if (!entry) throw new Error(`unknown provider ${name}`);
      const request = await entry.oidc.authorizationRequest(input.redirectUri);
      await database.query('DELETE FROM sso_attempts WHERE expires_at <= now()');
      await database.query(
        `INSERT INTO sso_attempts (state, browser_hash, provider, code_verifier, nonce, return_to, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, now() + make_interval(secs => $7))`,
        [
          request.state,
          input.browserHash,
          name,
          request.codeVerifier,
          request.nonce,
          input.returnTo,
          SSO_ATTEMPT_SECONDS,
        ],
      );
      return request.url;
    },

    /**
     * Checks a callback and signs the person in: its state must be one this browser started for
     * this provider, not used and not expired; then the code, issuer and nonce are checked by
     * openid-client. The account is the identity's; else one with the e-mail, linked only when
     * the provider says it is verified and is trusted for e-mail (otherwise a link waits for the
     * account's password in this browser); else a new account.
     */
    async finish(
      name: string,
      input: { callbackUrl: URL; browserHash: string | null; from: SessionOrigin },
    ): Promise<SsoOutcome> {
      const entry = byName.get(name);
      const state = input.callbackUrl.searchParams.get('state');
      const attempt = entry && state ? await takeAttempt(state) : null;
      if (
        !entry ||
        !attempt ||
        attempt.expired ||
        attempt.provider !== name ||
        attempt.browserHash !== input.browserHash
      ) {
        return { problem: 'expired' };
      }
      if (input.callbackUrl.searchParams.has('error')) return { problem: 'refused' };
      const { provider, oidc } = entry;
      let claims: Awaited<ReturnType<typeof oidc.claimsOf>>;
      try {
        claims = await oidc.claimsOf(input.callbackUrl, { state: state as string, ...attempt });
      } catch (error) {
        return {
          problem: error instanceof ProviderUnavailableError ? 'provider_unavailable' : 'invalid_answer',
        };
      }
      if (!domainAllowed(provider, claims.email)) return { problem: 'domain_not_allowed' };
      const identity = {
        provider: name,
        issuer: claims.issuer,
        subject: claims.subject,
        email: claims.email,
      };
      return database.transaction(async (tx): Promise<SsoOutcome> => {
        const users = createUserRepository(tx);
        const identities = createSsoIdentities(tx);
        const found = await identities.use(claims.issuer, claims.subject);
        let user: UserRecord | null;
        if (found) {
          user = await users.findById(found.userId);
        } else {
          const email = claims.email && EmailAddress.safeParse(claims.email).success ? claims.email : null;
          if (!email) return { problem: 'email_missing' };
          user = await users.findByEmail(email);
          if (user && !(claims.emailVerified && provider.trustEmail)) {
            await keepPendingLink(tx, attempt.browserHash, user.id, identity);
            return { problem: 'link_needs_password' };
          }
          user ??= await users.insert({
            email,
            displayName: displayNameOf(claims.name, email),
            // No password: the account signs in through its identities until one is set.
            passwordHash: '',
            emailVerified: claims.emailVerified,
          });
          if (!user) throw new Error('The account of this e-mail appeared meanwhile');
          await identities.link({ userId: user.id, ...identity });
        }
        if (!user || user.disabled) return { problem: 'account_disabled' };
        const role = roleFromClaims(provider, claims.claims);
        if (role && role !== user.role) user = await changeRoleBySso(tx, user, role, provider);
        return { started: await accounts.startSessionIn(tx, user, input.from), returnTo: attempt.returnTo };
      });
    },

    /**
     * Links the identity waiting in this browser to `userId`, who just signed in with their
     * password; true when one was linked. A link for another account, or expired, is dropped.
     */
    async completePendingLink(browserHash: string, userId: number): Promise<boolean> {
      return database.transaction(async (tx) => {
        const { rows } = await tx.query<{
          userId: number;
          provider: string;
          issuer: string;
          subject: string;
          email: string | null;
        }>(
          `DELETE FROM sso_pending_links WHERE browser_hash = $1 AND expires_at > now()
           RETURNING user_id::int AS "userId", provider, issuer, subject, email`,
          [browserHash],
        );
        const link = rows[0];
        if (!link || link.userId !== userId) return false;
        return createSsoIdentities(tx).link(link);
      });
    },

    /** The account's identities with their providers' labels, and whether it has a password. */
    async listOfUser(userId: number): Promise<{ items: SsoIdentity[]; hasPassword: boolean }> {
      const user = await createUserRepository(database).findById(userId);
      const identities = await createSsoIdentities(database).listOfUser(userId);
      return {
        hasPassword: Boolean(user?.passwordHash),
        items: identities.map((identity) => ({
          id: identity.id,
          provider: identity.provider,
          label: byName.get(identity.provider)?.provider.label ?? identity.provider,
          email: identity.email,
          linkedAt: identity.linkedAt.toISOString(),
          lastUsedAt: identity.lastUsedAt.toISOString(),
        })),
      };
    },

    /**
     * Unlinks one identity of `userId`: `last` (nothing changes) when it is the account's last way
     * to sign in, with no password and no other identity; `missing` when it is not theirs.
     */
    async unlink(userId: number, id: number): Promise<'unlinked' | 'missing' | 'last'> {
      return database.transaction(async (tx) => {
        // The user's row is locked, so two unlinks at once cannot both take "the other one".
        const { rows } = await tx.query<{ hasPassword: boolean }>(
          `SELECT password_hash <> '' AS "hasPassword" FROM users WHERE id = $1::int8 FOR UPDATE`,
          [userId],
        );
        const identities = createSsoIdentities(tx);
        const mine = await identities.listOfUser(userId);
        if (!mine.some((identity) => identity.id === id)) return 'missing';
        if (!rows[0]?.hasPassword && mine.length === 1) return 'last';
        await identities.unlink(userId, id);
        return 'unlinked';
      });
    },
  };
}

export type SingleSignOn = ReturnType<typeof createSingleSignOn>;
