import {
  PENDING_PHOTOS_PER_USER,
  PHOTOS_PER_PLACE,
  type Photo,
  type PhotoLicence,
  type PhotoPatch,
  type PhotoStatus,
  type PhotoWithPlace,
} from '@karta/contracts';
import { type AuditActor, recordAudit } from '../audit/record-audit.ts';
import type { Database, Queryable } from '../db/database.ts';
import { AppError, NOT_VALID_MESSAGE } from '../http/errors.ts';
import type { KeyClaim } from '../http/idempotency.ts';
import type { Actor, PlaceStatus } from '../places/place-rules.ts';
import { canSeePhoto, type PhotoSlots, type PhotoSubject, photoLimitReached } from './photo-rules.ts';

interface PhotoRow {
  id: number;
  place_id: number;
  status: PhotoStatus;
  thumb_key: string;
  large_key: string;
  width: number;
  height: number;
  alt: Record<string, string>;
  licence: PhotoLicence;
  author: string | null;
  uploader_id: number | null;
  version: number;
  created_at: Date;
  place_status: PlaceStatus;
  place_author_id: number | null;
  place_name: Record<string, string>;
  place_language: string;
}

/** A photo with what its checks need: who uploaded it, its place's state and author, its files. */
export interface StoredPhotoRow extends PhotoSubject {
  id: number;
  placeId: number;
  version: number;
  alt: Record<string, string>;
  thumbKey: string;
  largeKey: string;
  row: PhotoRow;
}

const COLUMNS = `ph.id, ph.place_id, ph.status, ph.thumb_key, ph.large_key, ph.width, ph.height, ph.alt,
  ph.licence, ph.author, ph.uploader_id, ph.version, ph.created_at, p.status AS place_status,
  p.author_id AS place_author_id, p.name AS place_name, p.primary_language AS place_language`;
const FROM = 'photos ph JOIN places p ON p.id = ph.place_id';
const ORDER = 'ph.sort_order, ph.id';

/** The URL of a photo's file: Karta's own, so every request for it is checked (decision 021). */
export function photoUrl(id: number, size: 'thumb' | 'large'): string {
  return `/api/v1/photos/${id}/${size}.webp`;
}

function toStored(row: PhotoRow): StoredPhotoRow {
  return {
    id: row.id,
    placeId: row.place_id,
    status: row.status,
    uploaderId: row.uploader_id,
    version: row.version,
    alt: row.alt,
    thumbKey: row.thumb_key,
    largeKey: row.large_key,
    place: { status: row.place_status, authorId: row.place_author_id },
    row,
  };
}

/** A photo as `viewer` gets it (who has been checked to see it). */
export function toPhoto(stored: StoredPhotoRow, viewer: Actor | null): Photo {
  const { row } = stored;
  return {
    id: row.id,
    placeId: row.place_id,
    status: row.status,
    width: row.width,
    height: row.height,
    urls: { thumb: photoUrl(row.id, 'thumb'), large: photoUrl(row.id, 'large') },
    alt: row.alt,
    licence: row.licence,
    author: row.author,
    version: row.version,
    createdAt: row.created_at.toISOString(),
    own: viewer !== null && row.uploader_id === viewer.id,
  };
}

function withPlace(stored: StoredPhotoRow, viewer: Actor): PhotoWithPlace {
  const { row } = stored;
  return {
    ...toPhoto(stored, viewer),
    place: {
      id: row.place_id,
      name: row.place_name,
      primaryLanguage: row.place_language,
      status: row.place_status,
    },
  };
}

/**
 * The place has as many photos as a place may have: for an upload, its published photos and the
 * uploader's own pending ones; for publishing one, its published photos. 422 `too_many_photos`.
 */
export class TooManyPhotosError extends AppError {
  constructor(readonly when: 'upload' | 'publish' = 'upload') {
    super(
      'too_many_photos',
      when === 'publish'
        ? `The place has ${PHOTOS_PER_PLACE} published photos, the most a place may have: hide or delete one of them before publishing this one.`
        : `A place has at most ${PHOTOS_PER_PLACE} photos, counting its published ones and yours that wait for review.`,
      { maximum: PHOTOS_PER_PLACE },
    );
    this.name = 'TooManyPhotosError';
  }
}

/** The uploader has as many photos of the place waiting for review as one may have (422). */
export class TooManyPendingPhotosError extends AppError {
  constructor() {
    super(
      'too_many_pending_photos',
      `You have ${PENDING_PHOTOS_PER_USER} photos of this place waiting for review: add more once a moderator has looked at them.`,
      { maximum: PENDING_PHOTOS_PER_USER },
    );
    this.name = 'TooManyPendingPhotosError';
  }
}

/** Throws the error of `photoLimitReached`, if any. */
function checkRoom(slots: PhotoSlots, status: PhotoStatus): void {
  const reached = photoLimitReached(slots, status);
  if (reached === 'place') throw new TooManyPhotosError();
  if (reached === 'pending') throw new TooManyPendingPhotosError();
}

/** What of the place's photo limit is taken, as `uploaderId` counts it, and the last sort order. */
async function slotsOf(
  db: Queryable,
  placeId: number,
  uploaderId: number,
): Promise<PhotoSlots & { last: number | null }> {
  const { rows } = await db.query<{ published: number; own_pending: number; last: number | null }>(
    `SELECT count(*) FILTER (WHERE status = 'published')::int AS published,
       count(*) FILTER (WHERE status = 'pending' AND uploader_id = $2::int8)::int AS own_pending,
       max(sort_order) AS last
     FROM photos WHERE place_id = $1::int8`,
    [placeId, uploaderId],
  );
  const row = rows[0];
  return { published: row?.published ?? 0, ownPending: row?.own_pending ?? 0, last: row?.last ?? null };
}

/** The photo was changed since the version the request was based on: 409 `conflict`, to reload. */
export class StalePhotoError extends AppError {
  constructor(readonly current: StoredPhotoRow) {
    super('conflict', 'The photo was changed by someone else: reload it and try again', {
      currentVersion: current.version,
    });
    this.name = 'StalePhotoError';
  }
}

/** The ids of a new order are not exactly the place's photos: 400 `validation_error` on `ids`. */
export class PhotoOrderMismatchError extends AppError {
  constructor() {
    super('validation_error', NOT_VALID_MESSAGE, [
      { path: 'ids', message: 'The order must name every photo of the place once' },
    ]);
    this.name = 'PhotoOrderMismatchError';
  }
}

export interface NewPhoto {
  placeId: number;
  status: PhotoStatus;
  uploaderId: number;
  thumb: { key: string; width: number; height: number };
  large: { key: string; width: number; height: number };
}

async function findLocked(tx: Queryable, id: number): Promise<StoredPhotoRow | undefined> {
  const { rows } = await tx.query<PhotoRow>(
    `SELECT ${COLUMNS} FROM ${FROM} WHERE ph.id = $1::int8 FOR UPDATE OF ph`,
    [id],
  );
  return rows[0] ? toStored(rows[0]) : undefined;
}

/** A place's state and author, its row locked until the transaction ends; undefined when there is none. */
async function lockPlace(
  tx: Queryable,
  placeId: number,
): Promise<{ status: PlaceStatus; authorId: number | null } | undefined> {
  const { rows } = await tx.query<{ status: PlaceStatus; author_id: number | null }>(
    'SELECT status, author_id FROM places WHERE id = $1::int8 FOR UPDATE',
    [placeId],
  );
  const place = rows[0];
  return place && { status: place.status, authorId: place.author_id };
}

/**
 * Photo rows (the files are the photo store's). Every write runs in one transaction that locks
 * what it changes and calls `check` with the current row first, so a rule or version test sees
 * what the write will change.
 */
export function createPhotoRepository(db: Database) {
  async function find(id: number): Promise<StoredPhotoRow | undefined> {
    const { rows } = await db.query<PhotoRow>(`SELECT ${COLUMNS} FROM ${FROM} WHERE ph.id = $1::int8`, [id]);
    return rows[0] ? toStored(rows[0]) : undefined;
  }

  /** A locked photo after `check` accepted it and its version matched; undefined when there is none. */
  async function lockChecked(
    tx: Queryable,
    id: number,
    version: number | null,
    check: (current: StoredPhotoRow) => void,
  ): Promise<StoredPhotoRow | undefined> {
    const current = await findLocked(tx, id);
    if (!current) return undefined;
    check(current);
    if (version !== null && current.version !== version) throw new StalePhotoError(current);
    return current;
  }

  return {
    find,

    /** The photos of a place that `viewer` may see, in the place's order. */
    async listForPlace(placeId: number, viewer: Actor | null): Promise<Photo[]> {
      const { rows } = await db.query<PhotoRow>(
        `SELECT ${COLUMNS} FROM ${FROM} WHERE ph.place_id = $1::int8 ORDER BY ${ORDER}`,
        [placeId],
      );
      return rows
        .map(toStored)
        .filter((photo) => canSeePhoto(viewer, photo))
        .map((photo) => toPhoto(photo, viewer));
    },

    /**
     * Adds a photo whose files are stored already, last in its place's order. The place is locked
     * so two uploads cannot both take its last free slot (`photoLimitReached`: TooManyPhotosError,
     * TooManyPendingPhotosError); `check` sees it first (it may have changed while the photo was
     * processed). Undefined when the place is gone. An idempotency key's `claim` is claimed first
     * and commits with the row (or neither does).
     */
    insert(
      photo: NewPhoto,
      check: (place: { status: PlaceStatus; authorId: number | null }) => void,
      claim?: KeyClaim,
    ): Promise<StoredPhotoRow | undefined> {
      return db.transaction(async (tx) => {
        await claim?.claim(tx);
        const place = await lockPlace(tx, photo.placeId);
        if (!place) return undefined;
        check(place);
        const { last, ...slots } = await slotsOf(tx, photo.placeId, photo.uploaderId);
        checkRoom(slots, photo.status);
        const { rows } = await tx.query<{ id: number }>(
          `INSERT INTO photos (place_id, status, sort_order, thumb_key, large_key, width, height, thumb_width,
             thumb_height, uploader_id)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
          [
            photo.placeId,
            photo.status,
            (last ?? 0) + 1,
            photo.thumb.key,
            photo.large.key,
            photo.large.width,
            photo.large.height,
            photo.thumb.width,
            photo.thumb.height,
            photo.uploaderId,
          ],
        );
        const id = rows[0]?.id ?? 0;
        await claim?.settle(tx, id);
        return findLocked(tx, id);
      });
    },

    /**
     * Throws TooManyPhotosError or TooManyPendingPhotosError when the place has no room for one
     * more photo in `status` by `uploaderId`: the upload's early check, before its body is read
     * (`insert` checks again with the place locked).
     */
    async checkRoom(placeId: number, uploaderId: number, status: PhotoStatus): Promise<void> {
      checkRoom(await slotsOf(db, placeId, uploaderId), status);
    },

    /** Sets alt text, licence and credit line (those given), at `patch.version`. */
    update(id: number, patch: PhotoPatch, check: (current: StoredPhotoRow) => void) {
      return db.transaction(async (tx) => {
        const current = await lockChecked(tx, id, patch.version, check);
        if (!current) return undefined;
        await tx.query(
          `UPDATE photos SET alt = COALESCE($2::jsonb, alt), licence = COALESCE($3, licence),
             author = CASE WHEN $4::boolean THEN $5 ELSE author END, version = version + 1, updated_at = now()
           WHERE id = $1::int8`,
          [
            id,
            patch.alt === undefined ? null : JSON.stringify(patch.alt),
            patch.licence ?? null,
            patch.author !== undefined,
            patch.author ?? null,
          ],
        );
        return findLocked(tx, id);
      });
    },

    /**
     * Publishes or hides a photo at `version`. Publishing locks its place first (places before
     * photos, as uploads and reorders lock them) and is refused with TooManyPhotosError('publish')
     * while the place has PHOTOS_PER_PLACE published photos: a moderator hides or deletes one first.
     */
    transition(
      id: number,
      to: PhotoStatus,
      version: number,
      actor: AuditActor,
      check: (current: StoredPhotoRow) => void,
    ) {
      return db.transaction(async (tx) => {
        if (to === 'published') {
          // A photo never moves to another place, so its place is known before it is locked.
          const { rows } = await tx.query<{ place_id: number }>(
            'SELECT place_id FROM photos WHERE id = $1::int8',
            [id],
          );
          if (rows[0]) await lockPlace(tx, rows[0].place_id);
        }
        const current = await lockChecked(tx, id, version, check);
        if (!current) return undefined;
        if (to === 'published') {
          const { rows } = await tx.query<{ published: number }>(
            `SELECT count(*)::int AS published FROM photos
             WHERE place_id = $1::int8 AND status = 'published' AND id <> $2::int8`,
            [current.placeId, id],
          );
          if ((rows[0]?.published ?? 0) >= PHOTOS_PER_PLACE) throw new TooManyPhotosError('publish');
        }
        await tx.query(
          'UPDATE photos SET status = $2, version = version + 1, updated_at = now() WHERE id = $1::int8',
          [id, to],
        );
        await recordAudit(tx, actor, {
          action: 'photo.transition',
          objectId: id,
          before: { status: current.status },
          after: { status: to },
        });
        return findLocked(tx, id);
      });
    },

    /** Deletes a photo's row (its reports go with it); its files are the sweep's to remove. */
    remove(id: number, check: (current: StoredPhotoRow) => void) {
      return db.transaction(async (tx) => {
        const current = await lockChecked(tx, id, null, check);
        if (!current) return undefined;
        await tx.query('DELETE FROM photos WHERE id = $1::int8', [id]);
        return current;
      });
    },

    /**
     * Puts the place's photos in the order of `ids`, which must name each of them once. `check`
     * sees the place (locked) first. Undefined when the place is gone.
     */
    order(
      placeId: number,
      ids: readonly number[],
      check: (place: { status: PlaceStatus; authorId: number | null }) => void,
    ): Promise<true | undefined> {
      return db.transaction(async (tx) => {
        const place = await lockPlace(tx, placeId);
        if (!place) return undefined;
        check(place);
        const { rows } = await tx.query<{ id: number }>(
          'SELECT id FROM photos WHERE place_id = $1::int8 ORDER BY id',
          [placeId],
        );
        const current = rows.map((row) => Number(row.id));
        const wanted = [...new Set(ids)].sort((a, b) => a - b);
        if (ids.length !== current.length || wanted.join() !== current.join())
          throw new PhotoOrderMismatchError();
        await tx.query(
          `UPDATE photos SET sort_order = o.position, updated_at = now()
           FROM unnest($2::int8[]) WITH ORDINALITY AS o(id, position)
           WHERE photos.id = o.id AND photos.place_id = $1::int8`,
          [placeId, ids],
        );
        return true as const;
      });
    },

    /** Pending photos, oldest first, with their places (the moderators' review queue). */
    async pending(viewer: Actor, limit: number): Promise<PhotoWithPlace[]> {
      const { rows } = await db.query<PhotoRow>(
        `SELECT ${COLUMNS} FROM ${FROM} WHERE ph.status = 'pending' ORDER BY ph.id LIMIT $1`,
        [limit],
      );
      return rows.map((row) => withPlace(toStored(row), viewer));
    },

    /** The viewer's own uploads, newest first, those of places they may still see. */
    async uploadedBy(viewer: Actor, limit: number): Promise<PhotoWithPlace[]> {
      const { rows } = await db.query<PhotoRow>(
        `SELECT ${COLUMNS} FROM ${FROM} WHERE ph.uploader_id = $1::int8 ORDER BY ph.id DESC LIMIT $2`,
        [viewer.id, limit],
      );
      return rows
        .map(toStored)
        .filter((photo) => canSeePhoto(viewer, photo))
        .map((photo) => withPlace(photo, viewer));
    },

    /** The published photos' ids of each of `placeIds`, in each place's order (exports). */
    async publishedIds(placeIds: readonly number[]): Promise<Map<number, number[]>> {
      const ids = new Map<number, number[]>();
      if (placeIds.length === 0) return ids;
      const { rows } = await db.query<{ place_id: number; id: number }>(
        `SELECT place_id, id FROM photos WHERE place_id = ANY($1::int8[]) AND status = 'published'
         ORDER BY place_id, sort_order, id`,
        [placeIds],
      );
      for (const row of rows) {
        const list = ids.get(row.place_id) ?? [];
        list.push(row.id);
        ids.set(row.place_id, list);
      }
      return ids;
    },

    /** Of `keys`, those a photo row still names. */
    async referencedKeys(keys: readonly string[]): Promise<Set<string>> {
      if (keys.length === 0) return new Set();
      const { rows } = await db.query<{ key: string }>(
        `SELECT thumb_key AS key FROM photos WHERE thumb_key = ANY($1::text[])
         UNION SELECT large_key FROM photos WHERE large_key = ANY($1::text[])`,
        [keys],
      );
      return new Set(rows.map((row) => row.key));
    },
  };
}

export type PhotoRepository = ReturnType<typeof createPhotoRepository>;
