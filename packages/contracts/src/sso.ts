import { z } from 'zod';
import { BigId, IsoDateTime } from './primitives.ts';

/** A single sign-on provider as the sign-in page offers it: `name` is its part of the URLs. */
export const SsoProvider = z.object({ name: z.string(), label: z.string() });
export type SsoProvider = z.infer<typeof SsoProvider>;

/** How people sign in here (`GET /api/v1/config`): by password or not, and through which providers. */
export const SignInMethods = z.object({
  /** False when `PASSWORD_LOGIN=false`: no sign-in, registration or reset by password. */
  password: z.boolean(),
  providers: z.array(SsoProvider),
});
export type SignInMethods = z.infer<typeof SignInMethods>;

/** `/api/v1/auth/oidc/{id}/…`: `id` is the provider's name (`OIDC_<NAME>_*` in lower case). */
export const SsoProviderParams = z.object({
  id: z.string().regex(/^[a-z0-9]{1,32}$/, 'Expected a provider name'),
});

/** Where to land after signing in: a path of this site; anything else lands on `/`. */
export const SsoStartQuery = z.object({ returnTo: z.string().max(2000).optional() });

/**
 * What the provider sends back to the callback: a code and the state, or an error. Other
 * parameters a provider adds (`iss`, `session_state`) are kept for the checks.
 */
export const SsoCallbackQuery = z.looseObject({
  code: z.string().max(4096).optional(),
  state: z.string().max(512).optional(),
  error: z.string().max(512).optional(),
  error_description: z.string().max(2000).optional(),
});

/**
 * Why a single sign-on did not sign in, as the callback's redirect to `/sign-in?sso=<code>` names
 * it for the web app to translate.
 */
export const SsoProblem = z.enum([
  /** The provider did not answer (down, or its discovery failed). */
  'provider_unavailable',
  /** The sign-in's state is unknown, used, expired or of another browser: start again. */
  'expired',
  /** The provider refused or the person cancelled. */
  'refused',
  /** The provider's answer did not pass the checks (nonce, signature, code). */
  'invalid_answer',
  /** The e-mail's domain is not one this provider may sign in for. */
  'domain_not_allowed',
  /** The provider gave no e-mail, which a new account needs. */
  'email_missing',
  /** An account has this e-mail: sign in with its password once, and the identity is linked. */
  'link_needs_password',
  /** The account is disabled. */
  'account_disabled',
]);
export type SsoProblem = z.infer<typeof SsoProblem>;

/** One provider identity linked to the signed-in account (`GET /api/v1/account/identities`). */
export const SsoIdentity = z.object({
  id: z.number().int().positive(),
  provider: z.string(),
  /** The provider's label, or its name when it is no longer configured. */
  label: z.string(),
  /** The e-mail the provider said when the identity was linked. */
  email: z.string().nullable(),
  linkedAt: IsoDateTime,
  lastUsedAt: IsoDateTime,
});
export type SsoIdentity = z.infer<typeof SsoIdentity>;

export const SsoIdentityList = z.object({
  items: z.array(SsoIdentity),
  /** Whether the account has a password: without one, its last identity cannot be unlinked. */
  hasPassword: z.boolean(),
});
export type SsoIdentityList = z.infer<typeof SsoIdentityList>;

export const SsoIdentityIdParams = z.object({
  id: z
    .string()
    .regex(/^\d{1,16}$/, 'Expected an identity id')
    .transform(Number)
    .pipe(BigId),
});
