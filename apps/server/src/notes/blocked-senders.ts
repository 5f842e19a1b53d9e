import type { BlockedSender } from '@karta/contracts';
import type { Queryable } from '../db/database.ts';

interface BlockedRow {
  id: string | number;
  kind: 'address' | 'domain';
  value: string;
  created_at: Date;
}

const toBlocked = (row: BlockedRow): BlockedSender => ({
  id: Number(row.id),
  kind: row.kind,
  value: row.value,
  createdAt: new Date(row.created_at).toISOString(),
});

/** Addresses and domains admins block: notes from them are refused. */
export const blockedSenders = {
  async list(db: Queryable): Promise<BlockedSender[]> {
    const { rows } = await db.query<BlockedRow>(
      'SELECT id, kind, value, created_at FROM blocked_senders ORDER BY id DESC',
    );
    return rows.map(toBlocked);
  },

  /**
   * Blocks `value` (an address, or a domain without `@`, lower case as the contract leaves it);
   * blocking it again answers the entry already there.
   */
  async add(db: Queryable, value: string, adminId: number): Promise<BlockedSender> {
    const kind = value.includes('@') ? 'address' : 'domain';
    const { rows } = await db.query<BlockedRow>(
      `WITH added AS (
         INSERT INTO blocked_senders (kind, value, created_by) VALUES ($1, $2, $3)
         ON CONFLICT (value) DO NOTHING RETURNING id, kind, value, created_at)
       SELECT * FROM added UNION ALL
       SELECT id, kind, value, created_at FROM blocked_senders WHERE value = $2`,
      [kind, value, adminId],
    );
    const row = rows[0];
    if (!row) throw new Error('the blocked sender was not stored');
    return toBlocked(row);
  },

  /** Unblocks entry `id`; false when there is none. */
  async remove(db: Queryable, id: number): Promise<boolean> {
    const { rows } = await db.query('DELETE FROM blocked_senders WHERE id = $1::int8 RETURNING id', [id]);
    return rows.length > 0;
  },

  /** Whether `email` is blocked: the address itself, or its domain or a domain above it. */
  async blocks(db: Queryable, email: string): Promise<boolean> {
    const address = email.trim().toLowerCase();
    const domain = address.slice(address.lastIndexOf('@') + 1);
    const labels = domain.split('.');
    // `mail.spam.example` is blocked by `spam.example` (and by `example`, if an admin went that far).
    const domains = labels.map((_, index) => labels.slice(index).join('.'));
    const { rows } = await db.query(
      `SELECT 1 FROM blocked_senders
        WHERE (kind = 'address' AND value = $1) OR (kind = 'domain' AND value = ANY($2::text[])) LIMIT 1`,
      [address, domains],
    );
    return rows.length > 0;
  },
};
