import type { CurrentUser, TokenScope } from '@karta/contracts';

/** Every scope, in the order the form and the list show them. */
export const ALL_SCOPES: readonly TokenScope[] = ['places:read', 'places:propose', 'moderate', 'import'];

/**
 * The scopes worth offering to a user of `role`. A token never acts above its user's current role
 * (docs/decisions/029-api-tokens.md): `moderate` and `import` do nothing for a contributor, whose
 * token would have them capped away, so a contributor is offered reading and proposing only.
 * Importing is for moderators and admins, as the import screen is.
 */
export function scopesForRole(role: CurrentUser['role']): readonly TokenScope[] {
  return role === 'contributor'
    ? ALL_SCOPES.filter((scope) => scope === 'places:read' || scope === 'places:propose')
    : ALL_SCOPES;
}

/** A scope's key in the messages (i18next reads a `:` in a key as a namespace). */
export const SCOPE_MESSAGE_KEY = {
  'places:read': 'placesRead',
  'places:propose': 'placesPropose',
  moderate: 'moderate',
  import: 'import',
} as const satisfies Record<TokenScope, string>;

/** How long a new token works: a number of days, or until it is revoked. */
export const EXPIRY_CHOICES = ['30', '90', '365', 'never'] as const;
export type ExpiryChoice = (typeof EXPIRY_CHOICES)[number];
export const DEFAULT_EXPIRY: ExpiryChoice = '90';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The `expiresAt` to send for a choice made at `now`; undefined: until revoked. */
export function expiresAtFor(choice: ExpiryChoice, now: number): string | undefined {
  return choice === 'never' ? undefined : new Date(now + Number(choice) * DAY_MS).toISOString();
}

/** The scopes chosen in the form, kept there as one string of names separated by spaces. */
export function scopesOf(value: string): TokenScope[] {
  return ALL_SCOPES.filter((scope) => value.split(' ').includes(scope));
}

/** The form's string for a set of scopes (see scopesOf). */
export function scopesValue(scopes: readonly TokenScope[]): string {
  return ALL_SCOPES.filter((scope) => scopes.includes(scope)).join(' ');
}
