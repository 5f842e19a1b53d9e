import { ApiError } from '@karta/api-client';
import type { ErrorCode } from '@karta/contracts';

/**
 * Whether the server refused an e-mail link itself: its own code for that (`reset_link_invalid`,
 * `verification_link_invalid`), a 404 for links of follows and unsubscribes (unknown, used or
 * ended), or a token that is not one at all.
 */
export function isLinkRefusal(error: unknown, code: ErrorCode | 'not_found'): boolean {
  if (!(error instanceof ApiError)) return false;
  if (error.code === code) return true;
  if (code === 'not_found' && error.status === 404 && error.code !== 'mail_off') return true;
  const details = Array.isArray(error.details) ? (error.details as { path?: unknown }[]) : [];
  return error.code === 'validation_error' && details.some((issue) => issue?.path === 'token');
}
