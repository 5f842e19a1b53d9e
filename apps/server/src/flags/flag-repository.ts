import type { Flag, FlagReason, FlagReceipt, NoteFlagReason, PhotoFlagReason } from '@karta/contracts';
import { type AuditActor, recordAudit } from '../audit/record-audit.ts';
import type { Database, Queryable } from '../db/database.ts';
import { AppError } from '../http/errors.ts';
import { CHECKED_SQL } from '../places/moderator-check.ts';

interface FlagRow {
  id: number;
  place_id: number;
  photo_id: number | null;
  note_id: number | null;
  note_text: string | null;
  note_state: NonNullable<Flag['note']>['state'] | null;
  reason: FlagReceipt['reason'];
  comment: string | null;
  status: 'open' | 'resolved';
  created_at: Date;
  place_name: Record<string, string>;
  place_language: string;
  place_status: Flag['place']['status'];
  reporter_id: number | null;
  reporter_name: string | null;
  resolution: Flag['resolution'];
  resolution_note: string | null;
  resolver_id: number | null;
  resolver_name: string | null;
  resolved_at: Date | null;
}

const FLAG_COLUMNS = `f.id, f.place_id, f.photo_id, f.note_id, n.text AS note_text, n.state AS note_state,
  f.reason, f.comment, f.status, f.created_at,
  p.name AS place_name, p.primary_language AS place_language, p.status AS place_status,
  f.reporter_id, r.display_name AS reporter_name, f.resolution, f.resolution_note,
  f.resolved_by AS resolver_id, m.display_name AS resolver_name, f.resolved_at`;
const FLAG_FROM = `flags f JOIN places p ON p.id = f.place_id LEFT JOIN place_notes n ON n.id = f.note_id
  LEFT JOIN users r ON r.id = f.reporter_id LEFT JOIN users m ON m.id = f.resolved_by`;

function toFlag(row: FlagRow): Flag {
  return {
    id: row.id,
    placeId: row.place_id,
    photoId: row.photo_id,
    noteId: row.note_id === null ? null : Number(row.note_id),
    reason: row.reason,
    status: row.status,
    createdAt: row.created_at.toISOString(),
    comment: row.comment,
    place: {
      id: row.place_id,
      name: row.place_name,
      primaryLanguage: row.place_language,
      status: row.place_status,
    },
    note:
      row.note_id === null
        ? null
        : { id: Number(row.note_id), text: row.note_text ?? '', state: row.note_state ?? 'hidden' },
    reporter: row.reporter_id !== null ? { id: row.reporter_id, displayName: row.reporter_name ?? '' } : null,
    resolution: row.resolution,
    resolutionNote: row.resolution_note,
    resolvedBy:
      row.resolver_id !== null ? { id: row.resolver_id, displayName: row.resolver_name ?? '' } : null,
    resolvedAt: row.resolved_at ? row.resolved_at.toISOString() : null,
  };
}

/**
 * The flag is already resolved, as `flag` shows: two moderators acted on it at once, or the page
 * was old. 409 `conflict`.
 */
export class FlagAlreadyResolvedError extends AppError {
  constructor(readonly flag: Flag) {
    super('conflict', 'This flag was already resolved', { flag });
    this.name = 'FlagAlreadyResolvedError';
  }
}

/** What a new flag is about: the place, a photo of it, or a note on it, with its reason. */
export type FlagRaisedOn = { id: number; placeId: number; comment: string | null } & (
  | { about: 'place'; reason: FlagReason }
  | { about: 'photo'; reason: PhotoFlagReason }
  | { about: 'note'; reason: NoteFlagReason }
);

/** A report before it is stored: what it is about, why, and the reporter's words. */
type NewFlag = FlagRaisedOn extends infer Each
  ? Each extends unknown
    ? Omit<Each, 'id' | 'placeId'>
    : never
  : never;

/**
 * What may be reported, by what a report is about: the columns of `flags` that name it, and the select
 * that reads its place (`$1` the target's id; `$2`–`$4` the reason, comment and reporter) only
 * when the target and its place are published.
 */
const TARGETS = {
  place: {
    columns: 'place_id',
    select: `SELECT p.id, $2, $3, $4 FROM places p WHERE p.id = $1::int8 AND p.status = 'published'`,
  },
  photo: {
    columns: 'place_id, photo_id',
    select: `SELECT ph.place_id, ph.id, $2, $3, $4 FROM photos ph JOIN places p ON p.id = ph.place_id
             WHERE ph.id = $1::int8 AND ph.status = 'published' AND p.status = 'published'`,
  },
  note: {
    columns: 'place_id, note_id',
    select: `SELECT n.place_id, n.id, $2, $3, $4 FROM place_notes n JOIN places p ON p.id = n.place_id
             WHERE n.id = $1::int8 AND n.state = 'published' AND p.status = 'published'`,
  },
} as const;

/** A new flag, for what else happens in its transaction (moderators' notices). */
export type FlagRaised = (tx: Queryable, flag: FlagRaisedOn) => Promise<void>;

/** Flags on places: reports by visitors, resolved by moderators. */
export function createFlagRepository(db: Database, flagRaised: FlagRaised = async () => undefined) {
  async function find(id: number): Promise<Flag | undefined> {
    const { rows } = await db.query<FlagRow>(
      `SELECT ${FLAG_COLUMNS} FROM ${FLAG_FROM} WHERE f.id = $1::int8`,
      [id],
    );
    return rows[0] ? toFlag(rows[0]) : undefined;
  }

  /**
   * Stores a report on `targetId` (a place, a photo or a note, by `report.about`) when the target
   * may be reported, and tells the moderators in the same transaction; undefined otherwise.
   */
  async function raise(
    report: NewFlag,
    targetId: number,
    reporterId: number | null,
  ): Promise<FlagReceipt | undefined> {
    const target = TARGETS[report.about];
    const row = await db.transaction(async (tx) => {
      const { rows } = await tx.query<{ id: number; place_id: number; created_at: Date }>(
        `INSERT INTO flags (${target.columns}, reason, comment, reporter_id)
         ${target.select} RETURNING id, place_id, created_at`,
        [targetId, report.reason, report.comment, reporterId],
      );
      const created = rows[0];
      if (created)
        await flagRaised(tx, { id: Number(created.id), placeId: Number(created.place_id), ...report });
      return created;
    });
    if (!row) return undefined;
    return {
      id: Number(row.id),
      placeId: Number(row.place_id),
      photoId: report.about === 'photo' ? targetId : null,
      noteId: report.about === 'note' ? targetId : null,
      reason: report.reason,
      status: 'open',
      createdAt: row.created_at.toISOString(),
    };
  }

  return {
    find,

    /** A report on a published place; undefined when there is no published place `placeId`. */
    create: (
      placeId: number,
      input: { reason: FlagReason; comment: string | null },
      reporterId: number | null,
    ) => raise({ about: 'place', ...input }, placeId, reporterId),

    /** A report on a published photo of a published place; undefined when there is no such photo. */
    createForPhoto: (
      photoId: number,
      input: { reason: PhotoFlagReason; comment: string | null },
      reporterId: number | null,
    ) => raise({ about: 'photo', ...input }, photoId, reporterId),

    /**
     * A report on a published note of a published place; undefined when there is no such note (an
     * ended status note may still be reported: it stays in the place's history).
     */
    createForNote: (
      noteId: number,
      input: { reason: NoteFlagReason; comment: string | null },
      reporterId: number | null,
    ) => raise({ about: 'note', ...input }, noteId, reporterId),

    /** Flags of one status, oldest first (a queue), at most `limit`. */
    async list(status: 'open' | 'resolved', limit: number): Promise<Flag[]> {
      const { rows } = await db.query<FlagRow>(
        `SELECT ${FLAG_COLUMNS} FROM ${FLAG_FROM} WHERE f.status = $1
         ORDER BY f.id ${status === 'open' ? 'ASC' : 'DESC'} LIMIT $2`,
        [status, limit],
      );
      return rows.map(toFlag);
    },

    /** Resolves an open flag; undefined when there is none, FlagAlreadyResolvedError when done. */
    async resolve(
      id: number,
      resolution: { resolution: 'fixed' | 'dismissed'; note: string | null },
      moderator: AuditActor,
    ): Promise<Flag | undefined> {
      // Dismissing "it does not exist" of a published place is a check: it is there (the place's
      // "Not here" reports are answered with it; see freshness/confirmations.ts). Fixing a report
      // on a note hides the note, saying why.
      const resolvedNow = await db.transaction(async (tx) => {
        const { rows } = await tx.query(
          `WITH resolved AS (
           UPDATE flags SET status = 'resolved', resolution = $2, resolution_note = $3, resolved_by = $4,
             resolved_at = now()
           WHERE id = $1::int8 AND status = 'open'
           RETURNING place_id, photo_id, note_id, reason
         ), checked AS (
           UPDATE places SET ${CHECKED_SQL}
           WHERE id = (SELECT place_id FROM resolved WHERE photo_id IS NULL AND note_id IS NULL
                         AND reason = 'does_not_exist' AND $2 = 'dismissed')
             AND status = 'published'
         ), hidden AS (
           UPDATE place_notes SET state = 'hidden', decided_at = now(), decided_by = $4,
             hidden_reason = coalesce($3, (SELECT reason FROM resolved))
           WHERE id = (SELECT note_id FROM resolved WHERE $2 = 'fixed') AND state <> 'hidden'
         )
         SELECT 1 FROM resolved`,
          [id, resolution.resolution, resolution.note, moderator.id],
        );
        if (rows.length === 0) return false;
        await recordAudit(tx, moderator, {
          action: 'flag.resolve',
          objectId: id,
          reason: resolution.note,
          before: { status: 'open' },
          after: { status: 'resolved', resolution: resolution.resolution },
        });
        return true;
      });
      const flag = await find(id);
      if (flag && !resolvedNow) throw new FlagAlreadyResolvedError(flag);
      return flag;
    },
  };
}

export type FlagRepository = ReturnType<typeof createFlagRepository>;
