import { ApiError } from '@karta/api-client';
import { describe, expect, it } from 'vitest';
import { serverFieldProblems } from './field-problems.ts';

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
