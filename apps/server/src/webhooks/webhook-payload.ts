import type { Queryable } from '../db/database.ts';
import type { NoteRepository } from '../notes/note-repository.ts';
import type { PlaceRepository } from '../places/place-repository.ts';
import type { WebhookEvent } from './webhook-repository.ts';

/** What a payload is built from: the readers visitors' answers come from. */
export interface PayloadSources {
  database: Queryable;
  places: Pick<PlaceRepository, 'find'>;
  notes: Pick<NoteRepository, 'published'>;
  /** PUBLIC_URL, for the place's page link; null when unset. */
  publicUrl: string | null;
}

/** A place gone from visitors' view (archived, or hidden since): what may still be said of it. */
async function placeOutOfView(db: Queryable, id: number) {
  const { rows } = await db.query<{
    id: number;
    name: Record<string, string>;
    category_id: number;
    status: string;
  }>('SELECT id, name, category_id, status FROM places WHERE id = $1', [id]);
  const row = rows[0];
  return row
    ? { id: Number(row.id), name: row.name, categoryId: row.category_id, status: row.status }
    : { id };
}

/** The place as a visitor sees it now (public position only), or what may be said of it out of view. */
async function placeData(sources: PayloadSources, id: number) {
  const place = await sources.places.find(id, null);
  const url = sources.publicUrl ? `${sources.publicUrl.replace(/\/$/, '')}/places/${id}` : null;
  return { place: place ?? (await placeOutOfView(sources.database, id)), url };
}

/**
 * The body of a delivery, in the Standard Webhooks shape `{ type, timestamp, data }`: the place
 * (or the note, or the report, with its place) as a visitor sees it at the first attempt. Never an
 * exact hidden position, an author's address or a reporter.
 */
export async function webhookPayload(
  sources: PayloadSources,
  delivery: { event: WebhookEvent; subjectId: number; occurredAt: Date },
): Promise<{ type: WebhookEvent; timestamp: string; data: Record<string, unknown> }> {
  const base = { type: delivery.event, timestamp: delivery.occurredAt.toISOString() };
  switch (delivery.event) {
    case 'place.published':
    case 'place.updated':
    case 'place.archived':
      return { ...base, data: await placeData(sources, delivery.subjectId) };
    case 'note.published': {
      const note = await sources.notes.published(delivery.subjectId);
      const { rows } = await sources.database.query<{ place_id: number }>(
        'SELECT place_id FROM place_notes WHERE id = $1',
        [delivery.subjectId],
      );
      const placeId = rows[0]?.place_id;
      return {
        ...base,
        data: {
          note: note ? { ...note, placeId: Number(placeId) } : { id: delivery.subjectId },
          ...(placeId !== undefined ? await placeData(sources, Number(placeId)) : {}),
        },
      };
    }
    case 'flag.created': {
      const { rows } = await sources.database.query<{
        id: number;
        place_id: number;
        reason: string;
        comment: string | null;
        created_at: Date;
      }>('SELECT id, place_id, reason, comment, created_at FROM flags WHERE id = $1', [delivery.subjectId]);
      const flag = rows[0];
      if (!flag) return { ...base, data: { flag: { id: delivery.subjectId } } };
      return {
        ...base,
        data: {
          flag: {
            id: Number(flag.id),
            placeId: Number(flag.place_id),
            reason: flag.reason,
            comment: flag.comment,
            createdAt: flag.created_at.toISOString(),
          },
          ...(await placeData(sources, Number(flag.place_id))),
        },
      };
    }
  }
}
