import { ApiError } from '@karta/api-client';
import { describe, expect, it } from 'vitest';
import {
  changePasswordProblems,
  registerProblems,
  resetPasswordProblems,
  resetRequestProblems,
  serverFieldProblems,
  signInProblems,
} from './field-problems.ts';

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

describe('serverFieldProblems', () => {
  const fields = ['email', 'password', 'displayName'] as const;

  it('puts each coded issue on its field, with its numbers', () => {
    const error = new ApiError(400, 'validation_error', 'bad', [
      { path: 'password', code: 'password_too_common', message: 'Too common' },
      { path: 'displayName', code: 'too_long', message: 'Long', params: { maximum: 80 } },
    ]);
    expect(serverFieldProblems(error, fields)).toEqual({
      problems: {
        password: { code: 'password_too_common' },
        displayName: { code: 'too_long', params: { maximum: 80 } },
      },
      unplaced: false,
    });
  });

  it('says when an issue names no field of the form, or has no code it knows', () => {
    const error = new ApiError(400, 'validation_error', 'bad', [
      { path: '(root)', message: 'Not JSON' },
      { path: 'email', message: 'Odd', code: 'something_new' },
    ]);
    expect(serverFieldProblems(error, fields)).toEqual({ problems: {}, unplaced: true });
    expect(serverFieldProblems(new ApiError(400, 'validation_error', 'bad'), fields).unplaced).toBe(true);
  });

  it('reads an issue without a code as "invalid"', () => {
    const error = new ApiError(400, 'validation_error', 'bad', [{ path: 'email', message: 'Bad' }]);
    expect(serverFieldProblems(error, fields).problems).toEqual({ email: { code: 'invalid' } });
  });

  it('leaves other errors to the form', () => {
    const error = new ApiError(401, 'invalid_credentials', 'no');
    expect(serverFieldProblems(error, fields)).toEqual({ problems: {}, unplaced: true });
    expect(serverFieldProblems(new TypeError('x'), fields)).toEqual({ problems: {}, unplaced: true });
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

describe('serverFieldProblems with errors about one field', () => {
  it('puts such an error on its field, and only where the form says so', () => {
    const wrong = new ApiError(400, 'wrong_password', 'no');
    expect(
      serverFieldProblems(wrong, ['currentPassword', 'newPassword'], { wrong_password: 'currentPassword' }),
    ).toEqual({ problems: { currentPassword: { code: 'wrong_password' } }, unplaced: false });
    expect(serverFieldProblems(wrong, ['currentPassword', 'newPassword'])).toEqual({
      problems: {},
      unplaced: true,
    });
  });
});
