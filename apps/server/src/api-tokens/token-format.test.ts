import { describe, expect, it } from 'vitest';
import { hashSecret, newApiToken, parseApiToken, secretMatches } from './token-format.ts';

describe('API token format', () => {
  it('issues karta_<12 hex>_<43 base64url> tokens, each new, storing only the secret’s SHA-256', () => {
    const first = newApiToken();
    const second = newApiToken();
    expect(first.token).toMatch(/^karta_[0-9a-f]{12}_[A-Za-z0-9_-]{43}$/);
    expect(second.token).not.toBe(first.token);
    const parsed = parseApiToken(first.token);
    expect(parsed?.prefix).toBe(first.prefix);
    expect(first.secretHash).toBe(hashSecret(parsed?.secret ?? ''));
    expect(first.secretHash).not.toContain(parsed?.secret ?? '-');
  });

  it('reads only tokens of its own shape', () => {
    const { token } = newApiToken();
    expect(parseApiToken(`${token}x`)).toBeNull();
    expect(parseApiToken(token.replace('karta_', 'karte_'))).toBeNull();
    expect(parseApiToken(token.slice(0, -1))).toBeNull();
    expect(parseApiToken(token.toUpperCase())).toBeNull();
    expect(parseApiToken('')).toBeNull();
  });

  it('matches a secret against its hash, and no other', () => {
    const { token, secretHash } = newApiToken();
    const secret = parseApiToken(token)?.secret ?? '';
    expect(secretMatches(secret, secretHash)).toBe(true);
    expect(secretMatches(`${secret.slice(0, -1)}A`, secretHash)).toBe(secret.endsWith('A'));
    expect(secretMatches(secret, 'ab')).toBe(false);
  });
});
