import { ApiError } from '@karta/api-client';
import { describe, expect, it } from 'vitest';
import { testMessages } from '../../testing/messages.ts';
import { createI18n } from '../i18n/i18n.ts';
import { fieldProblemMessage, formErrorMessage } from './problem-messages.ts';

const en = createI18n('en', testMessages('en')).t;
const hr = createI18n('hr', testMessages('hr')).t;

const limited = (retryAfterSeconds: number) =>
  new ApiError(429, 'rate_limited', 'Too many', { retryAfterSeconds });

describe('fieldProblemMessage', () => {
  it('words "required" for what the field asks', () => {
    expect(fieldProblemMessage(en, 'currentPassword', { code: 'required' })).toBe('Enter your password.');
    expect(fieldProblemMessage(en, 'newPassword', { code: 'required' })).toBe('Choose a password.');
    expect(fieldProblemMessage(hr, 'email', { code: 'required' })).toBe('Upišite svoju e-adresu.');
  });

  it('puts the numbers in, with each language’s plural forms', () => {
    expect(fieldProblemMessage(en, 'newPassword', { code: 'too_short', params: { minimum: 10 } })).toBe(
      'Use at least 10 characters.',
    );
    expect(fieldProblemMessage(en, 'displayName', { code: 'too_long', params: { maximum: 1 } })).toBe(
      'Use at most 1 character.',
    );
    expect(fieldProblemMessage(hr, 'newPassword', { code: 'too_short', params: { minimum: 10 } })).toBe(
      'Upotrijebite najmanje 10 znakova.',
    );
    expect(fieldProblemMessage(hr, 'email', { code: 'too_long', params: { maximum: 254 } })).toBe(
      'Upotrijebite najviše 254 znaka.',
    );
    expect(fieldProblemMessage(hr, 'email', { code: 'too_long', params: { maximum: 21 } })).toBe(
      'Upotrijebite najviše 21 znak.',
    );
  });

  it('translates the server’s password codes', () => {
    expect(fieldProblemMessage(hr, 'newPassword', { code: 'password_too_common' })).toMatch(
      /^Ta je lozinka prečesta/,
    );
    expect(fieldProblemMessage(en, 'newPassword', { code: 'password_matches_email' })).toBe(
      'Don’t use your e-mail address as your password.',
    );
  });

  it('says a current password is wrong on its field, and a form error for each new code', () => {
    expect(fieldProblemMessage(en, 'currentPassword', { code: 'wrong_password' })).toBe(
      'This is not your current password.',
    );
    expect(fieldProblemMessage(hr, 'currentPassword', { code: 'wrong_password' })).toBe(
      'To nije vaša trenutačna lozinka.',
    );
    expect(formErrorMessage(en, new ApiError(400, 'reset_link_invalid', 'x'))).toMatch(
      /^This password reset link doesn’t work any more\./,
    );
    expect(formErrorMessage(hr, new ApiError(400, 'wrong_password', 'x'))).toBe(
      'Trenutačna lozinka nije ispravna.',
    );
    expect(formErrorMessage(en, new ApiError(404, 'mail_off', 'x'))).toMatch(
      /^This site doesn’t send e-mail/,
    );
  });

  it('falls back to a general word when the numbers are missing', () => {
    expect(fieldProblemMessage(en, 'newPassword', { code: 'too_short' })).toBe(
      'This value is not valid. Please check it.',
    );
  });
});

describe('formErrorMessage', () => {
  it('says how long to wait after a rate limit, in seconds or whole minutes', () => {
    expect(formErrorMessage(en, limited(1))).toBe('Too many attempts. Please try again in 1 second.');
    expect(formErrorMessage(en, limited(45))).toBe('Too many attempts. Please try again in 45 seconds.');
    expect(formErrorMessage(en, limited(60))).toBe('Too many attempts. Please try again in 1 minute.');
    expect(formErrorMessage(en, limited(3599))).toBe('Too many attempts. Please try again in 60 minutes.');
    expect(formErrorMessage(hr, limited(2))).toBe('Previše pokušaja. Pokušajte ponovno za 2 sekunde.');
    expect(formErrorMessage(hr, limited(61))).toBe('Previše pokušaja. Pokušajte ponovno za 2 minute.');
    expect(formErrorMessage(hr, limited(300))).toBe('Previše pokušaja. Pokušajte ponovno za 5 minuta.');
    expect(formErrorMessage(hr, limited(21 * 60))).toBe('Previše pokušaja. Pokušajte ponovno za 21 minutu.');
  });

  it('uses the general rate-limit message when no wait was given', () => {
    expect(formErrorMessage(en, new ApiError(429, 'rate_limited', 'x'))).toBe(
      'Too many requests. Please wait a moment and try again.',
    );
  });

  it('explains the other failures by code', () => {
    expect(formErrorMessage(en, new ApiError(401, 'invalid_credentials', 'x'))).toBe(
      'The e-mail address or password is not correct.',
    );
    expect(formErrorMessage(hr, new ApiError(0, 'network_error', 'x'))).toBe(
      'Poslužitelj nije dostupan. Provjerite vezu i pokušajte ponovno.',
    );
    expect(formErrorMessage(en, new Error('boom'))).toBe('Something unexpected happened. Please try again.');
  });
});
