import { ApiError } from '@karta/api-client';
import type { TFunction } from 'i18next';
import { errorMessageKey } from '../error-message.ts';
import type { FieldProblem } from './field-problems.ts';

/** What a field asks for, which decides how "this is empty" is worded. */
export type FieldPurpose = 'email' | 'currentPassword' | 'newPassword' | 'displayName';

/** A field problem in the reader's language, with its numbers (ICU plurals). */
export function fieldProblemMessage(t: TFunction, purpose: FieldPurpose, problem: FieldProblem): string {
  const { code, params = {} } = problem;
  switch (code) {
    case 'required':
      return t(`auth.issues.required.${purpose}`);
    case 'too_short':
      return params.minimum === undefined ? t('auth.issues.invalid') : t('auth.issues.too_short', params);
    case 'too_long':
      return params.maximum === undefined ? t('auth.issues.invalid') : t('auth.issues.too_long', params);
    case 'invalid_email':
    case 'invalid_characters':
    case 'password_too_common':
    case 'password_matches_email':
    case 'wrong_password':
    case 'invalid':
      return t(`auth.issues.${code}`);
    default:
      return t('auth.issues.invalid');
  }
}

/** The wait a 429 asks for, in whole seconds (at least one), or null when it gave none. */
function retryAfterSeconds(error: ApiError): number | null {
  const details = error.details as { retryAfterSeconds?: unknown } | undefined;
  const seconds = details?.retryAfterSeconds;
  return typeof seconds === 'number' && Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : null;
}

/**
 * A failed sign-in or registration as one sentence for the form: wrong credentials, a refused
 * registration, a rate limit with its wait (seconds under a minute, minutes above), no connection,
 * or the app's general message for the error's code.
 */
export function formErrorMessage(t: TFunction, error: unknown): string {
  if (error instanceof ApiError && error.code === 'rate_limited') {
    const seconds = retryAfterSeconds(error);
    if (seconds === null) return t('errors.codes.rate_limited');
    if (seconds < 60) return t('auth.errors.rateLimitedSeconds', { seconds });
    return t('auth.errors.rateLimitedMinutes', { minutes: Math.ceil(seconds / 60) });
  }
  return t(errorMessageKey(error));
}
