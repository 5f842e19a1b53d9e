import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * An API token as the user holds it: `karta_<prefix>_<secret>`, the prefix 6 random bytes in hex
 * (public: it finds the token's row and tells tokens apart in a list), the secret 32 random bytes
 * in base64url. Only the secret's SHA-256 is stored: the secret is long and random, so a fast
 * hash cannot be brute-forced, unlike a password (docs/decisions/029-api-tokens.md).
 */
const TOKEN_PATTERN = /^karta_([0-9a-f]{12})_([A-Za-z0-9_-]{43})$/;

export interface NewToken {
  token: string;
  prefix: string;
  secretHash: string;
}

/** The SHA-256 (hex) stored in place of a secret. */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** A new token, its prefix and the hash to store; the only time the token itself is known. */
export function newApiToken(): NewToken {
  const prefix = randomBytes(6).toString('hex');
  const secret = randomBytes(32).toString('base64url');
  return { token: `karta_${prefix}_${secret}`, prefix, secretHash: hashSecret(secret) };
}

/** The prefix and secret of a well-formed token; null for anything we never issue. */
export function parseApiToken(value: string): { prefix: string; secret: string } | null {
  const match = TOKEN_PATTERN.exec(value);
  return match?.[1] && match[2] ? { prefix: match[1], secret: match[2] } : null;
}

/** Whether `secret` hashes to `storedHash`, compared in constant time. */
export function secretMatches(secret: string, storedHash: string): boolean {
  const presented = Buffer.from(hashSecret(secret), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return presented.length === stored.length && timingSafeEqual(presented, stored);
}
