import { z } from 'zod';
import { IdPathParams } from './numbers.ts';
import { IsoDateTime } from './primitives.ts';
import { secretText, text } from './text.ts';

/**
 * What an API token may be used for (docs/decisions/029-api-tokens.md). A scope is a ceiling,
 * never a grant: a token acts as its user, with the user's current role, and only on the
 * endpoints its scopes name (`TOKEN_SCOPE_OF`).
 */
export const TokenScope = z.enum(['places:read', 'places:propose', 'moderate', 'import']);
export type TokenScope = z.infer<typeof TokenScope>;

/** A user may hold this many live tokens (neither revoked nor expired). */
export const MAX_API_TOKENS = 20;
export const TOKEN_NAME_MAX_LENGTH = 80;

/** `POST /api/v1/tokens`: a named token with its scopes, confirmed by the user's password. */
export const ApiTokenInput = z.object({
  name: text({ kind: 'name', min: 1, max: TOKEN_NAME_MAX_LENGTH, error: 'Enter a name' }),
  scopes: z
    .array(TokenScope)
    .min(1, 'Choose at least one scope')
    .refine((scopes) => new Set(scopes).size === scopes.length, 'Name each scope once'),
  /** When it stops working; none: until it is revoked. Must be in the future. */
  expiresAt: IsoDateTime.optional(),
  /** The account's current password: making a token is as strong as signing in. */
  password: secretText(1024, 'Enter your password'),
});
export type ApiTokenInput = z.input<typeof ApiTokenInput>;

/** A token as its owner's list shows it: never its secret. */
export const ApiToken = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  /** The public part of the token (`karta_<prefix>_…`), to tell tokens apart. */
  prefix: z.string(),
  scopes: z.array(TokenScope),
  createdAt: IsoDateTime,
  expiresAt: IsoDateTime.nullable(),
  /** The last request it made, to the minute; null when never used. */
  lastUsedAt: IsoDateTime.nullable(),
});
export type ApiToken = z.infer<typeof ApiToken>;

export const ApiTokenList = z.object({ items: z.array(ApiToken) });
export type ApiTokenList = z.infer<typeof ApiTokenList>;

/** A new token, with the token itself (`karta_<prefix>_<secret>`): shown this once, stored only hashed. */
export const CreatedApiToken = ApiToken.extend({ token: z.string() });
export type CreatedApiToken = z.infer<typeof CreatedApiToken>;

export const ApiTokenIdParams = IdPathParams('Expected a token id');
