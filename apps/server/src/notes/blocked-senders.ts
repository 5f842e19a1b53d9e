import type { BlockedSender } from '@karta/contracts';
import { type AuditActor, recordAudit } from '../audit/record-audit.ts';
import type { Database, Queryable } from '../db/database.ts';

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
  add(db: Database, value: string, admin: AuditActor): Promise<BlockedSender> {
    const kind = value.includes('@') ? 'address' : 'domain';
    return db.transaction(async (tx) => {
      const { rows } = await tx.query<BlockedRow & { added: boolean }>(
        `WITH added AS (
           INSERT INTO blocked_senders (kind, value, created_by) VALUES ($1, $2, $3)
           ON CONFLICT (value) DO NOTHING RETURNING id, kind, value, created_at)
         SELECT *, true AS added FROM added UNION ALL
         SELECT id, kind, value, created_at, false FROM blocked_senders WHERE value = $2`,
        [kind, value, admin.id],
      );
      const row = rows[0];
      if (!row) throw new Error('the blocked sender was not stored');
      const blocked = toBlocked(row);
      if (row.added) {
        await recordAudit(tx, admin, {
          action: 'blocked_sender.add',
          objectId: blocked.id,
          after: { kind, value },
        });
      }
      return blocked;
    });
  },

  /** Unblocks entry `id`; false when there is none. */
  remove(db: Database, id: number, admin: AuditActor): Promise<boolean> {
    return db.transaction(async (tx) => {
      const { rows } = await tx.query<BlockedRow>(
        'DELETE FROM blocked_senders WHERE id = $1::int8 RETURNING id, kind, value, created_at',
        [id],
      );
      const row = rows[0];
      if (!row) return false;
      await recordAudit(tx, admin, {
        action: 'blocked_sender.remove',
        objectId: id,
        before: { kind: row.kind, value: row.value },
      });
      return true;
    });
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
