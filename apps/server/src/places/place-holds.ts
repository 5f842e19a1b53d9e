import { PLACE_HOLD_MINUTES, type PlaceHold } from '@karta/contracts';
import type { Database } from '../db/database.ts';
import { AppError } from '../http/errors.ts';

interface HoldRow {
  place_id: number;
  user_id: number;
  display_name: string;
  held_until: Date;
}

const toHold = (row: HoldRow): PlaceHold => ({
  placeId: Number(row.place_id),
  holder: { id: Number(row.user_id), displayName: row.display_name },
  until: row.held_until.toISOString(),
});

/** 409 `place_held`: `hold` is another moderator's, with their name and until when. */
export function heldError(hold: PlaceHold): AppError {
  return new AppError('place_held', `${hold.holder.displayName} is reviewing this place`, {
    holder: hold.holder,
    until: hold.until,
  });
}

const LIVE_HOLDS_SQL = `SELECT h.place_id, h.user_id, u.display_name, h.held_until
  FROM place_holds h JOIN users u ON u.id = h.user_id
  WHERE h.held_until > now()`;

/**
 * Review holds (docs/decisions/036-moderation-at-volume.md): a moderator who opens a place in the
 * review queue holds it for PLACE_HOLD_MINUTES or until a decision, so two moderators do not
 * judge the same proposal at once. A lapsed hold is no hold; the database's clock decides.
 */
export function createPlaceHolds(db: Database) {
  return {
    /** Every live hold (few: one per moderator at work). */
    async live(): Promise<PlaceHold[]> {
      const { rows } = await db.query<HoldRow>(`${LIVE_HOLDS_SQL} ORDER BY h.place_id`);
      return rows.map(toHold);
    },

    /** The live hold of another moderator than `userId` on `placeId`, if any. */
    async heldByOther(placeId: number, userId: number): Promise<PlaceHold | undefined> {
      const { rows } = await db.query<HoldRow>(
        `${LIVE_HOLDS_SQL} AND h.place_id = $1::int8 AND h.user_id <> $2::int8`,
        [placeId, userId],
      );
      return rows[0] && toHold(rows[0]);
    },

    /**
     * Holds `placeId` for `userId` from now, or renews their hold; refused (409) while another
     * moderator's hold lives. One statement: of two moderators opening a place at once, one wins.
     */
    async take(placeId: number, userId: number): Promise<PlaceHold> {
      const { rows } = await db.query<HoldRow>(
        `WITH taken AS (
           INSERT INTO place_holds (place_id, user_id, held_until)
           VALUES ($1::int8, $2::int8, now() + make_interval(mins => $3::int))
           ON CONFLICT (place_id) DO UPDATE SET user_id = excluded.user_id, held_until = excluded.held_until
             WHERE place_holds.user_id = excluded.user_id OR place_holds.held_until <= now()
           RETURNING place_id, user_id, held_until
         )
         SELECT t.place_id, t.user_id, u.display_name, t.held_until FROM taken t JOIN users u ON u.id = t.user_id`,
        [placeId, userId, PLACE_HOLD_MINUTES],
      );
      if (rows[0]) return toHold(rows[0]);
      const other = await this.heldByOther(placeId, userId);
      // Lapsed between the two statements: open it again.
      if (!other) return this.take(placeId, userId);
      throw heldError(other);
    },

    /** Lets go of `userId`'s hold on `placeId`, if they have one (after their decision, or on leaving it). */
    async release(placeId: number, userId: number): Promise<void> {
      await db.query('DELETE FROM place_holds WHERE place_id = $1::int8 AND user_id = $2::int8', [
        placeId,
        userId,
      ]);
    },
  };
}

export type PlaceHolds = ReturnType<typeof createPlaceHolds>;
