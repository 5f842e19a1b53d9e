import type { OwnPlace, PlaceHistoryEntry, PlaceInput, PlacePatch } from '@karta/contracts';
import { type AuditActor, recordAudit } from '../audit/record-audit.ts';
import { type Database, DatabaseError, type Queryable } from '../db/database.ts';
import { AppError, validationError } from '../http/errors.ts';
import type { KeyClaim } from '../http/idempotency.ts';
import { checkedWhenSql } from './moderator-check.ts';
import { extraChanges, nextExtra } from './place-extra.ts';
import { checkOpenProposals, checkPlaceContent, checkPlaceTextTotal } from './place-limits.ts';
import { type PlaceRow, toPlace } from './place-row.ts';
import type { PlaceStatus } from './place-rules.ts';
import type { PlaceSettings } from './place-settings.ts';
import { OWNED_PLACE_COLUMNS } from './place-visibility.ts';
import { sameJson } from './same-json.ts';

/** The columns a proposal or an edit may set, as the API names them and as the table does. */
const FIELDS = {
  categoryId: 'category_id',
  name: 'name',
  description: 'description',
  lat: 'lat',
  lng: 'lng',
  radius: 'radius',
  address: 'address',
  phone: 'phone',
  email: 'email',
  website: 'website',
  locationPrivacy: 'location_privacy',
  openingHours: 'opening_hours',
} as const satisfies Record<Exclude<keyof PlaceInput, 'extra' | 'embeddedOn'>, string>;
type Field = keyof typeof FIELDS;
const JSON_FIELDS = new Set<Field>(['name', 'description']);

/** A row of OWNED_PLACE_COLUMNS: `owned` is always true, so the private fields are there. */
const toOwnPlace = (row: PlaceRow, settings: PlaceSettings) => toPlace(row, settings) as OwnPlace;

/** What `field` holds in `place`, in the API's terms (for history diffs). */
function fieldValue(place: OwnPlace, field: Field): unknown {
  return place[field];
}

/** The fields `patch` sets (an absent field keeps the place's value). */
function definedFields(patch: PlacePatch): Partial<PlacePatch> {
  return Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined));
}

/** The edit conflicts with a newer version of the place: 409 `conflict` with the version to reload. */
export class StaleVersionError extends AppError {
  constructor(readonly current: OwnPlace) {
    super('conflict', 'The place was changed by someone else: reload it and try again', {
      currentVersion: current.version,
    });
    this.name = 'StaleVersionError';
  }
}

/** A category named that does not exist (its foreign key) is the client's mistake: 400 on `categoryId`. */
function noSuchCategory(error: unknown): never {
  if (error instanceof DatabaseError && error.code === '23503') {
    throw validationError([{ path: 'categoryId', message: 'There is no such category' }]);
  }
  throw error;
}

async function findOwn(
  db: Queryable,
  settings: PlaceSettings,
  id: number,
  lock = false,
): Promise<OwnPlace | undefined> {
  const { rows } = await db.query<PlaceRow>(
    `SELECT ${OWNED_PLACE_COLUMNS} FROM places p JOIN categories c ON c.id = p.category_id WHERE p.id = $1::int8
     ${lock ? 'FOR UPDATE OF p' : ''}`,
    [id],
  );
  return rows[0] ? toOwnPlace(rows[0], settings) : undefined;
}

/**
 * The place locked for a write (`SELECT … FOR UPDATE`), after `check` accepted it and only if it
 * is still at `version`; undefined when there is no such place.
 */
async function lockCurrent(
  tx: Queryable,
  settings: PlaceSettings,
  id: number,
  version: number,
  check: (current: OwnPlace) => void,
): Promise<OwnPlace | undefined> {
  const current = await findOwn(tx, settings, id, true);
  if (!current) return undefined;
  check(current);
  if (current.version !== version) throw new StaleVersionError(current);
  return current;
}

type Changes = Record<string, { from: unknown; to: unknown }>;

/** A history row's changes as the audit log's `before` and `after`. */
const sides = (changes: Changes) => ({
  before: Object.fromEntries(Object.entries(changes).map(([key, change]) => [key, change.from])),
  after: Object.fromEntries(Object.entries(changes).map(([key, change]) => [key, change.to])),
});

/**
 * Whether the audit log records `actor`'s write on `place` (docs/decisions/035-audit-log.md): a
 * moderator's decisions and anyone's write on another's place; a contributor's own proposals and
 * edits of their own places have the place's history only.
 */
const audited = (actor: AuditActor, place: OwnPlace, transition: boolean) =>
  place.authorId !== actor.id || (transition && actor.role !== 'contributor');

async function record(
  db: Queryable,
  placeId: number,
  version: number,
  actorId: number,
  action: string,
  changes: Record<string, { from: unknown; to: unknown }>,
  /** Where the change came from besides its actor (`embed: partner.example`); none for the site's own forms. */
  origin: string | null = null,
): Promise<void> {
  await db.query(
    `INSERT INTO place_history (place_id, version, actor_id, action, changes, origin) VALUES ($1, $2, $3, $4, $5::jsonb, $6)`,
    [placeId, version, actorId, action, JSON.stringify(changes), origin],
  );
}

/** What else happens in a write's transaction (the notices of notifications/notifier.ts). */
export interface PlaceWriteEvents {
  /** A proposal now waits for review: new, or sent again. */
  proposed(tx: Queryable, place: OwnPlace): Promise<void>;
  /** A place moved from `before`'s status to `after`'s, by `actorId`. */
  moved(tx: Queryable, before: OwnPlace, after: OwnPlace, actorId: number): Promise<void>;
}

const NO_EVENTS: PlaceWriteEvents = { proposed: async () => undefined, moved: async () => undefined };

/**
 * Writes places: proposals, edits and transitions, each in one transaction with its history row,
 * and each edit checked against the version it was based on (optimistic concurrency: of two
 * moderators acting at once, one wins and the other gets 409; nothing is lost). Text is taken
 * only in the deployment's `languages`, and a contributor's open proposals are capped. Places
 * are read, and their hours checked, with `settings`, the app's (services.ts).
 */
export function createPlaceWriteRepository(
  db: Database,
  {
    languages,
    settings,
    events = NO_EVENTS,
  }: { languages: readonly string[]; settings: PlaceSettings; events?: PlaceWriteEvents },
) {
  return {
    /** The place with its exact position, or undefined. */
    find(id: number): Promise<OwnPlace | undefined> {
      return findOwn(db, settings, id);
    },

    /**
     * A new pending place by `authorId`. With an idempotency key's `claim`, the key is claimed
     * first, so a second request with it waits there (not behind the open-proposal count), and
     * commits with the place.
     */
    create(input: PlaceInput, authorId: number, claim?: KeyClaim): Promise<OwnPlace> {
      checkPlaceContent(input, languages, settings.hours);
      const created = db.transaction(async (tx) => {
        await claim?.claim(tx);
        await checkOpenProposals(tx, authorId);
        const primaryLanguage = Object.keys(input.name)[0] ?? 'en';
        const { extra } = await nextExtra(tx, input.categoryId, input.extra ?? {}, {});
        const { rows } = await tx.query<{ id: number }>(
          `INSERT INTO places (category_id, name, description, primary_language, lat, lng, radius, address,
             phone, email, website, location_privacy, opening_hours, status, author_id, extra)
           VALUES ($1, $2::jsonb, $3::jsonb, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, 'pending', $14, $15::jsonb)
           RETURNING id`,
          [
            input.categoryId,
            JSON.stringify(input.name),
            JSON.stringify(input.description ?? {}),
            primaryLanguage,
            input.lat,
            input.lng,
            input.radius ?? null,
            input.address ?? null,
            input.phone ?? null,
            input.email ?? null,
            input.website ?? null,
            input.locationPrivacy ?? 'exact',
            input.openingHours ?? null,
            authorId,
            JSON.stringify(extra),
          ],
        );
        const id = rows[0]?.id ?? 0;
        const place = await findOwn(tx, settings, id);
        if (!place) throw new Error(`The new place ${id} was not found`);
        const changes = Object.fromEntries(
          (Object.keys(FIELDS) as Field[]).map((field) => [
            field,
            { from: null, to: fieldValue(place, field) },
          ]),
        );
        Object.assign(changes, extraChanges({}, place.extra));
        // A proposal started from a partner's embedded map names that site (README "Embedding a map").
        const origin = input.embeddedOn ? `embed: ${input.embeddedOn}` : null;
        await record(tx, id, place.version, authorId, 'created', changes, origin);
        await events.proposed(tx, place);
        await claim?.settle(tx, id);
        return place;
      });
      return created.catch(noSuchCategory);
    },

    /**
     * Applies `patch` if the place is still at `patch.version`; `check` may refuse the edit after
     * reading the locked row (who may edit depends on its status and author).
     */
    update(
      id: number,
      patch: PlacePatch,
      actor: AuditActor,
      check: (current: OwnPlace) => void,
    ): Promise<OwnPlace | undefined> {
      checkPlaceContent(patch, languages, settings.hours);
      const updated = db.transaction(async (tx) => {
        const current = await lockCurrent(tx, settings, id, patch.version, check);
        if (!current) return undefined;
        checkPlaceTextTotal({ ...current, ...definedFields(patch) });
        const sets: string[] = [];
        const params: unknown[] = [id];
        const changes: Record<string, { from: unknown; to: unknown }> = {};
        for (const field of Object.keys(FIELDS) as Field[]) {
          const value = patch[field];
          if (value === undefined || sameJson(fieldValue(current, field), value)) continue;
          changes[field] = { from: fieldValue(current, field), to: value };
          params.push(JSON_FIELDS.has(field) ? JSON.stringify(value) : value);
          sets.push(`${FIELDS[field]} = $${params.length}${JSON_FIELDS.has(field) ? '::jsonb' : ''}`);
        }
        const category = patch.categoryId ?? current.categoryId;
        if (patch.extra !== undefined || category !== current.categoryId) {
          // A move to another category keeps the values it has fields for, and hides the others,
          // whether or not the edit sends new values (a form drops those the new category lacks).
          const { extra, hidden } = await nextExtra(
            tx,
            category,
            patch.extra ?? current.extra,
            current.extra,
            patch.extra === undefined,
            category !== current.categoryId,
          );
          const changed = extraChanges(current.extra, extra);
          if (Object.keys(changed).length > 0 || Object.keys(hidden).length > 0) {
            Object.assign(changes, changed);
            params.push(JSON.stringify(extra), JSON.stringify(hidden));
            sets.push(
              `extra = $${params.length - 1}::jsonb, hidden_extra = hidden_extra || $${params.length}::jsonb`,
            );
          }
        }
        if (sets.length === 0) return current;
        await tx.query(
          `UPDATE places SET ${sets.join(', ')}, version = version + 1, updated_at = now(),
             ${checkedWhenSql("status = 'published'")}
           WHERE id = $1`,
          params,
        );
        await record(tx, id, current.version + 1, actor.id, 'edited', changes);
        if (audited(actor, current, false))
          await recordAudit(tx, actor, { action: 'place.edit', objectId: id, ...sides(changes) });
        return findOwn(tx, settings, id);
      });
      return updated.catch(noSuchCategory);
    },

    /** Moves the place to `to` if it is still at `version`; `check` may refuse after reading it. */
    transition(
      id: number,
      to: PlaceStatus,
      reason: string | null,
      version: number,
      actor: AuditActor,
      check: (current: OwnPlace) => void,
    ): Promise<OwnPlace | undefined> {
      return db.transaction(async (tx) => {
        const current = await lockCurrent(tx, settings, id, version, check);
        if (!current) return undefined;
        const rejection = to === 'rejected' ? reason : null;
        await tx.query(
          `UPDATE places SET status = $2, rejection_reason = $3,
             published_at = CASE WHEN $2 = 'published' THEN coalesce(published_at, now()) ELSE published_at END,
             version = version + 1, updated_at = now(), ${checkedWhenSql("$2 = 'published'")}
           WHERE id = $1`,
          [id, to, rejection],
        );
        const changes: Changes = {
          status: { from: current.status, to },
        };
        if (!sameJson(current.rejectionReason, rejection)) {
          changes.rejectionReason = { from: current.rejectionReason, to: rejection };
        }
        await record(tx, id, current.version + 1, actor.id, to === 'pending' ? 'resubmitted' : to, changes);
        if (audited(actor, current, true))
          await recordAudit(tx, actor, {
            action: 'place.transition',
            objectId: id,
            reason,
            ...sides(changes),
          });
        const after = await findOwn(tx, settings, id);
        if (after) {
          await events.moved(tx, current, after, actor.id);
          if (to === 'pending') await events.proposed(tx, after);
        }
        return after;
      });
    },

    /** `authorId`'s proposals waiting for review, in `tx` (few: open proposals are capped). */
    async pendingOf(tx: Queryable, authorId: number): Promise<OwnPlace[]> {
      const { rows } = await tx.query<{ id: number }>(
        `SELECT id FROM places WHERE author_id = $1::int8 AND status = 'pending' ORDER BY id`,
        [authorId],
      );
      const places: OwnPlace[] = [];
      for (const row of rows) {
        const place = await findOwn(tx, settings, Number(row.id));
        if (place) places.push(place);
      }
      return places;
    },

    /** Every change of the place, oldest first. */
    async history(id: number): Promise<PlaceHistoryEntry[]> {
      const { rows } = await db.query<{
        id: number;
        place_id: number;
        version: number;
        action: string;
        actor_id: number | null;
        display_name: string | null;
        changes: Record<string, { from: unknown; to: unknown }>;
        origin: string | null;
        created_at: Date;
      }>(
        `SELECT h.id, h.place_id, h.version, h.action, h.actor_id, u.display_name, h.changes, h.origin, h.created_at
         FROM place_history h LEFT JOIN users u ON u.id = h.actor_id
         WHERE h.place_id = $1::int8 ORDER BY h.id`,
        [id],
      );
      return rows.map((row) => ({
        id: row.id,
        placeId: row.place_id,
        version: row.version,
        action: row.action,
        actor: row.actor_id !== null ? { id: row.actor_id, displayName: row.display_name ?? '' } : null,
        changes: row.changes,
        origin: row.origin,
        createdAt: row.created_at.toISOString(),
      }));
    },
  };
}

export type PlaceWriteRepository = ReturnType<typeof createPlaceWriteRepository>;
