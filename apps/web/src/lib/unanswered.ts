import { ApiError } from '@karta/api-client';

/**
 * Whether a request failed for want of an answer — none, cut off, or the server (or a proxy
 * before it) failing with a 5xx — rather than being refused: it may go through as it is later, so
 * what the user wrote is kept to send again, not shown as a mistake of theirs.
 */
export function wentUnanswered(error: unknown): boolean {
  return !(error instanceof ApiError) || error.status === 0 || error.status >= 500;
}
