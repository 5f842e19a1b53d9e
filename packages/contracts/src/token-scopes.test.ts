import { describe, expect, it } from 'vitest';
import { endpoints } from './endpoints.ts';
import { TOKEN_SCOPE_OF, tokenAccess } from './token-scopes.ts';

describe('what an API token may call', () => {
  it('needs the endpoint’s scope, and any token will do where none is named', () => {
    expect(tokenAccess('createPlace', ['places:propose'])).toEqual({ allowed: true });
    expect(tokenAccess('createPlace', ['places:read', 'moderate'])).toEqual({
      allowed: false,
      needs: 'places:propose',
    });
    expect(tokenAccess('health', ['import'])).toEqual({ allowed: true });
  });

  it('never reaches an endpoint left out, whatever its scopes', () => {
    const all = ['places:read', 'places:propose', 'moderate', 'import'] as const;
    for (const name of [
      'createApiToken',
      'listApiTokens',
      'revokeApiToken',
      'changePassword',
      'updateUser',
      'listIdentities',
      'unlinkIdentity',
      'ssoStart',
      'ssoCallback',
    ]) {
      expect(tokenAccess(name, all), name).toEqual({ allowed: false, needs: null });
    }
    expect(tokenAccess('toString', all)).toEqual({ allowed: false, needs: null });
  });

  it('names only real endpoints, and no write of the account', () => {
    for (const name of Object.keys(TOKEN_SCOPE_OF)) {
      expect(Object.hasOwn(endpoints, name), name).toBe(true);
      expect(endpoints[name as keyof typeof endpoints].path, name).not.toMatch(
        /\/(auth|account|tokens|users|admin)\b/,
      );
    }
  });
});
