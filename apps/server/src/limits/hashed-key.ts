import { createHash } from 'node:crypto';

/**
 * The key a shared store keeps for `key` of `limit`: the limit's name and a hash of who is
 * counted, so no address or e-mail is written to the database or to Redis.
 */
export function hashedKey(limit: string, key: string): string {
  return `${limit}:${createHash('sha256').update(key).digest('base64url').slice(0, 22)}`;
}
