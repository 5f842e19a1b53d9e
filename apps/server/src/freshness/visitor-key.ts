import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../db/database.ts';

const SALT_NAME = 'visitor-address-salt';

/**
 * The site's salt for visitors' addresses: made once (32 random bytes) by the first instance that
 * needs it and kept in the database, so every instance, before and after a restart, turns one
 * address into one key.
 */
export async function loadVisitorSalt(db: Queryable): Promise<string> {
  await db.query('INSERT INTO instance_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [
    SALT_NAME,
    randomBytes(32).toString('base64url'),
  ]);
  const { rows } = await db.query<{ value: string }>('SELECT value FROM instance_secrets WHERE name = $1', [
    SALT_NAME,
  ]);
  const salt = rows[0]?.value;
  if (!salt) throw new Error('the visitor salt was not stored');
  return salt;
}

/**
 * What a visitor's address is stored as: a salted SHA-256 of `clientAddress` (an IPv4 address, or
 * an IPv6 /64 as the rate limits count it), so the table cannot be read back into addresses
 * (every IPv4 address could be tried against an unsalted hash).
 */
export function visitorAddressKey(salt: string, clientAddress: string): string {
  return createHash('sha256').update(`${salt}\n${clientAddress}`).digest('base64url');
}
