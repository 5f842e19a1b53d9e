import type { Queryable } from '../db/database.ts';
import { UNSUBSCRIBE_LINK_KEEP_DAYS } from './unsubscribe-links.ts';

/** Spent or expired reset and verification links are kept this long (for support), then deleted. */
export const SPENT_LINK_KEEP_DAYS = 30;

/**
 * Deletes the links that can no longer be used: unsubscribe links past their year, and password
 * reset and address verification links a month after they were used or expired.
 */
export async function tidyLinks(db: Queryable): Promise<void> {
  await db.query(`DELETE FROM unsubscribe_links WHERE created_at < now() - make_interval(days => $1)`, [
    UNSUBSCRIBE_LINK_KEEP_DAYS,
  ]);
  for (const table of ['password_resets', 'email_verifications']) {
    await db.query(
      `DELETE FROM ${table} WHERE coalesce(used_at, expires_at) < now() - make_interval(days => $1)`,
      [SPENT_LINK_KEEP_DAYS],
    );
  }
}
