import { ApiError } from '@karta/api-client';

/** Translation keys of every error the UI can explain. */
export type ErrorMessageKey = `errors.codes.${ApiError['code'] | 'unknown'}`;

/** The translation key for any thrown value: API errors by their code, everything else as unknown. */
export function errorMessageKey(error: unknown): ErrorMessageKey {
  if (error instanceof ApiError) return `errors.codes.${error.code}`;
  return 'errors.codes.unknown';
}

/** Whether an error means "this does not exist" (a 404 from the API). */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && (error.code === 'not_found' || error.status === 404);
}

/**
 * Whether a request got no answer at all (no network, the server away): offline, a read the saved
 * areas could not answer either.
 */
export function isUnanswered(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'network_error';
}
