import { describe, expect, it } from 'vitest';
import {
  changePasswordProblems,
  registerProblems,
  resetPasswordProblems,
  resetRequestProblems,
  signInProblems,
} from './account-problems.ts';

const good = { email: 'ana@example.org', password: 'lantern-orchard-velvet', displayName: 'Ana' };

describe('registerProblems', () => {
  it('accepts what the server accepts', () => {
    expect(registerProblems(good)).toEqual({});
  });

  it('names an empty field as required, whatever the rule it also breaks', () => {
    expect(registerProblems({ email: '', password: '', displayName: '  ' })).toEqual({
      email: { code: 'required' },
      password: { code: 'required' },
      displayName: { code: 'required' },
    });
  });

  it('gives the contracts’ codes and numbers', () => {
    expect(registerProblems({ ...good, email: 'ana@', password: 'short' })).toEqual({
      email: { code: 'invalid_email' },
      password: { code: 'too_short', params: { minimum: 10 } },
    });
    expect(registerProblems({ ...good, displayName: 'x'.repeat(81) })).toEqual({
      displayName: { code: 'too_long', params: { maximum: 80 } },
    });
    expect(registerProblems({ ...good, displayName: 'Ana\u0007' })).toEqual({
      displayName: { code: 'invalid_characters' },
    });
  });

  it('counts an emoji as one character, as the server does', () => {
    expect(registerProblems({ ...good, password: '🔑'.repeat(10) })).toEqual({});
  });
});

describe('signInProblems', () => {
  it('only asks for both fields: sign-in applies no rules', () => {
    expect(signInProblems({ email: ' ', password: '' })).toEqual({
      email: { code: 'required' },
      password: { code: 'required' },
    });
    expect(signInProblems({ email: 'not-an-address', password: 'x' })).toEqual({});
  });
});

describe('resetRequestProblems', () => {
  it('asks for an e-mail address by the same rules as registration', () => {
    expect(resetRequestProblems({ email: ' ana@example.org ' })).toEqual({});
    expect(resetRequestProblems({ email: '' })).toEqual({ email: { code: 'required' } });
    expect(resetRequestProblems({ email: 'ana@' })).toEqual({ email: { code: 'invalid_email' } });
  });
});

describe('resetPasswordProblems', () => {
  it('applies the registration rules to the new password', () => {
    expect(resetPasswordProblems({ password: 'lantern-orchard-velvet' })).toEqual({});
    expect(resetPasswordProblems({ password: '' })).toEqual({ password: { code: 'required' } });
    expect(resetPasswordProblems({ password: 'short' })).toEqual({
      password: { code: 'too_short', params: { minimum: 10 } },
    });
    expect(resetPasswordProblems({ password: 'x'.repeat(257) })).toEqual({
      password: { code: 'too_long', params: { maximum: 256 } },
    });
  });
});

describe('changePasswordProblems', () => {
  it('asks for the current password, and applies the registration rules to the new one', () => {
    expect(
      changePasswordProblems({ currentPassword: 'short', newPassword: 'lantern-orchard-velvet' }),
    ).toEqual({});
    expect(changePasswordProblems({ currentPassword: '', newPassword: 'short' })).toEqual({
      currentPassword: { code: 'required' },
      newPassword: { code: 'too_short', params: { minimum: 10 } },
    });
  });
});
