import { ResetToken } from '@karta/contracts';

/**
 * The token of an e-mail link's address (`/reset-password?token=…`, and the verification,
 * unsubscribe and follow links, whose tokens have the same form), or null when it is missing or
 * not a token at all (a link cut short when it was copied): such a link is not worth sending.
 */
export function resetTokenOf(search: string): string | null {
  const token = new URLSearchParams(search).get('token');
  return token !== null && ResetToken.safeParse(token).success ? token : null;
}
