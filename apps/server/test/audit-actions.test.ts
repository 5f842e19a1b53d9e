import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GOOD_PASSWORD, signedInUser } from './support/auth.ts';
import { importInto } from './support/import-files.ts';
import { insertPhoto } from './support/photos.ts';
import { insertPlace } from './support/places.ts';
import { sendAs, startStaffApp, type User } from './support/staff-app.ts';
import { databaseAvailable, dbKind, type TestApp } from './support/test-app.ts';

type Method = 'POST' | 'PATCH' | 'DELETE';

interface AuditRow {
  actor_id: number | null;
  actor_role: string | null;
  via: string;
  action: string;
  object_type: string;
  object_id: string | null;
  reason: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/**
 * Each moderator's and admin's action, and each API token made or revoked, writes exactly one
 * audit row naming who, how, the object, the reason and what changed (docs/decisions/035-audit-log.md).
 */
describe.skipIf(!databaseAvailable)(`what the audit log records (${dbKind})`, () => {
  let t: TestApp;
  let author: User;
  let moderator: User;
  let admin: User;

  beforeAll(async () => {
    ({ t, author, moderator, admin } = await startStaffApp({ WEBHOOK_ALLOW_PRIVATE: 'true' }));
  });
  afterAll(async () => {
    await t?.close();
  });

  const send = async (
    user: User | { headers: Record<string, string> },
    method: Method,
    url: string,
    payload?: unknown,
  ) => {
    const response = await sendAs(t, user, method, url, payload);
    expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
    return response.body === '' ? undefined : (response.json() as Record<string, unknown>);
  };

  /** The audit rows written while `act` ran, oldest first. */
  async function rowsWhile(act: () => Promise<unknown>): Promise<AuditRow[]> {
    const { rows: last } = await t.database.query<{ id: number | null }>(
      'SELECT max(id) AS id FROM audit_log',
    );
    await act();
    const { rows } = await t.database.query<AuditRow>(
      `SELECT actor_id, actor_role, via, action, object_type, object_id, reason, before, after
       FROM audit_log WHERE id > $1 ORDER BY id`,
      [last[0]?.id ?? 0],
    );
    return rows;
  }

  const by = (user: User, role: string, via = 'session') => ({ actor_id: user.id, actor_role: role, via });

  it('a photo hidden by a moderator', async () => {
    const placeId = await insertPlace(t.database, { status: 'published', authorId: author.id });
    const photoId = await insertPhoto(t, { placeId, uploaderId: author.id, status: 'pending' });
    const rows = await rowsWhile(() =>
      send(moderator, 'POST', `/api/v1/photos/${photoId}/transition`, { to: 'hidden', version: 1 }),
    );
    expect(rows).toEqual([
      expect.objectContaining({
        ...by(moderator, 'moderator'),
        action: 'photo.transition',
        object_type: 'photo',
        object_id: String(photoId),
        before: { status: 'pending' },
        after: { status: 'hidden' },
      }),
    ]);
  });

  it('a note hidden with a reason, through a moderator’s API token', async () => {
    const placeId = await insertPlace(t.database, { status: 'published', authorId: author.id });
    const { rows: notes } = await t.database.query<{ id: number }>(
      `INSERT INTO place_notes (place_id, kind, text, language, state, author_id, text_key)
       VALUES ($1, 'comment', 'Audit note', 'en', 'published', $2, 'audit note') RETURNING id`,
      [placeId, author.id],
    );
    const noteId = Number(notes[0]?.id);
    const made = await send(moderator, 'POST', '/api/v1/tokens', {
      name: 'Moderation script',
      scopes: ['moderate'],
      password: GOOD_PASSWORD,
    });
    const token = { headers: { authorization: `Bearer ${made?.token}` } };
    const rows = await rowsWhile(() =>
      send(token, 'POST', `/api/v1/notes/${noteId}/transition`, { to: 'hidden', reason: 'Spam' }),
    );
    expect(rows).toEqual([
      expect.objectContaining({
        ...by(moderator, 'moderator', 'token'),
        action: 'note.transition',
        object_id: String(noteId),
        reason: 'Spam',
        before: { state: 'published' },
        after: { state: 'hidden' },
      }),
    ]);
  });

  it('a flag resolved, with the moderator’s note as the reason', async () => {
    const placeId = await insertPlace(t.database, { status: 'published', authorId: author.id });
    const { rows: flags } = await t.database.query<{ id: number }>(
      `INSERT INTO flags (place_id, reason, reporter_id) VALUES ($1, 'wrong_information', $2) RETURNING id`,
      [placeId, author.id],
    );
    const flagId = Number(flags[0]?.id);
    const resolve = () =>
      send(moderator, 'POST', `/api/v1/flags/${flagId}/resolve`, {
        resolution: 'fixed',
        note: 'Phone corrected',
      });
    const rows = await rowsWhile(resolve);
    expect(rows).toEqual([
      expect.objectContaining({
        ...by(moderator, 'moderator'),
        action: 'flag.resolve',
        object_id: String(flagId),
        reason: 'Phone corrected',
        after: { status: 'resolved', resolution: 'fixed' },
      }),
    ]);
    // Resolving it again is refused (409) and writes nothing.
    const again = await rowsWhile(async () => {
      const response = await sendAs(t, moderator, 'POST', `/api/v1/flags/${flagId}/resolve`, {
        resolution: 'dismissed',
      });
      expect(response.statusCode).toBe(409);
    });
    expect(again).toEqual([]);
  });

  it('a role changed and an account disabled, with only what changed', async () => {
    const someone = await signedInUser(t.app);
    const promoted = await rowsWhile(() =>
      send(admin, 'PATCH', `/api/v1/users/${someone.id}`, { role: 'moderator' }),
    );
    expect(promoted).toEqual([
      expect.objectContaining({
        ...by(admin, 'admin'),
        action: 'user.update',
        object_id: String(someone.id),
        before: { role: 'contributor' },
        after: { role: 'moderator' },
      }),
    ]);
    const disabled = await rowsWhile(() =>
      send(admin, 'PATCH', `/api/v1/users/${someone.id}`, { disabled: true }),
    );
    expect(disabled).toEqual([
      expect.objectContaining({
        action: 'user.update',
        before: { disabled: false },
        after: { disabled: true },
      }),
    ]);
  });

  it('a category made, changed, its removed field purged, and deleted', async () => {
    let id = 0;
    const created = await rowsWhile(async () => {
      const category = await send(moderator, 'POST', '/api/v1/categories', {
        slug: 'audit-fountains',
        name: { en: 'Fountains' },
        color: '#0369a1',
        icon: 'droplet',
      });
      id = Number(category?.id);
    });
    expect(created).toEqual([
      expect.objectContaining({
        ...by(moderator, 'moderator'),
        action: 'category.create',
        object_id: String(id),
        after: expect.objectContaining({ slug: 'audit-fountains', name: { en: 'Fountains' } }),
      }),
    ]);
    const updated = await rowsWhile(() =>
      send(moderator, 'PATCH', `/api/v1/categories/${id}`, { color: '#15803d' }),
    );
    expect(updated).toEqual([
      expect.objectContaining({
        action: 'category.update',
        before: { color: '#0369a1' },
        after: { color: '#15803d' },
      }),
    ]);
    await t.database.query(
      `UPDATE categories SET removed_fields = '[{"key": "depth", "type": "number", "label": {"en": "Depth"}}]'::jsonb
       WHERE id = $1`,
      [id],
    );
    const purged = await rowsWhile(() =>
      send(admin, 'POST', `/api/v1/categories/${id}/purge-field`, { key: 'depth' }),
    );
    expect(purged).toEqual([
      expect.objectContaining({
        ...by(admin, 'admin'),
        action: 'category.purge_field',
        before: { field: 'depth' },
      }),
    ]);
    const deleted = await rowsWhile(() => send(moderator, 'DELETE', `/api/v1/categories/${id}`));
    expect(deleted).toEqual([
      expect.objectContaining({
        action: 'category.delete',
        object_id: String(id),
        before: expect.objectContaining({ slug: 'audit-fountains' }),
      }),
    ]);
  });

  it('an import that wrote places, and none for a dry run', async () => {
    const collection = JSON.stringify({
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          geometry: { type: 'Point', coordinates: [15.97, 45.81] },
          properties: { externalId: 'audit-1', category: 'water', name_en: 'Audit fountain' },
        },
      ],
    });
    const dry = await rowsWhile(async () => {
      expect((await importInto(t, moderator, 'geojson', collection)).statusCode).toBe(200);
    });
    expect(dry).toEqual([]);
    const real = await rowsWhile(async () => {
      const response = await importInto(t, moderator, 'geojson', collection, { dryRun: false });
      expect(response.statusCode, response.body).toBe(200);
    });
    expect(real).toEqual([
      expect.objectContaining({
        ...by(moderator, 'moderator'),
        action: 'import.run',
        object_type: 'import',
        after: { status: 'pending', outcome: 'published', created: 1, updated: 0, unchanged: 0 },
      }),
    ]);
  });

  it('a scheduled import added, run now and deleted', async () => {
    let id = 0;
    const created = await rowsWhile(async () => {
      const source = await send(admin, 'POST', '/api/v1/import-sources', {
        name: 'Partner list',
        url: 'http://127.0.0.1:9/list.geojson',
        format: 'geojson',
        category: 'water',
        everyHours: 24,
        onMissing: 'keep',
        trusted: false,
      });
      id = Number(source?.id);
    });
    expect(created).toEqual([
      expect.objectContaining({
        ...by(admin, 'admin'),
        action: 'import_source.create',
        object_id: String(id),
        after: expect.objectContaining({ name: 'Partner list', url: 'http://127.0.0.1:9/list.geojson' }),
      }),
    ]);
    const ran = await rowsWhile(() => send(admin, 'POST', `/api/v1/import-sources/${id}/run`));
    expect(ran).toEqual([
      expect.objectContaining({
        action: 'import_source.run',
        object_id: String(id),
        after: { jobId: expect.any(Number) },
      }),
    ]);
    const deleted = await rowsWhile(() => send(admin, 'DELETE', `/api/v1/import-sources/${id}`));
    expect(deleted).toEqual([
      expect.objectContaining({
        action: 'import_source.delete',
        object_id: String(id),
        before: { name: 'Partner list', url: 'http://127.0.0.1:9/list.geojson' },
      }),
    ]);
  });

  it('an API token made and revoked by anyone, never with its secret', async () => {
    let made: Record<string, unknown> | undefined;
    const created = await rowsWhile(async () => {
      made = await send(author, 'POST', '/api/v1/tokens', {
        name: 'My script',
        scopes: ['places:read'],
        password: GOOD_PASSWORD,
      });
    });
    expect(created).toEqual([
      expect.objectContaining({
        ...by(author, 'contributor'),
        action: 'api_token.create',
        object_id: String(made?.id),
        after: { name: 'My script', scopes: ['places:read'], expiresAt: null, prefix: made?.prefix },
      }),
    ]);
    expect(JSON.stringify(created)).not.toContain(String(made?.token).slice(-20));
    const revoked = await rowsWhile(() => send(author, 'DELETE', `/api/v1/tokens/${made?.id}`));
    expect(revoked).toEqual([
      expect.objectContaining({
        action: 'api_token.revoke',
        object_id: String(made?.id),
        before: expect.any(Object),
      }),
    ]);
  });

  it('a webhook made, switched off and deleted, never with its secret', async () => {
    let made: Record<string, unknown> | undefined;
    const created = await rowsWhile(async () => {
      made = await send(admin, 'POST', '/api/v1/webhooks', {
        url: 'http://127.0.0.1:9/hook',
        events: ['place.published'],
      });
    });
    expect(created).toEqual([
      expect.objectContaining({
        ...by(admin, 'admin'),
        action: 'webhook.create',
        object_id: String(made?.id),
        after: { url: 'http://127.0.0.1:9/hook', events: ['place.published'], categoryIds: null },
      }),
    ]);
    expect(JSON.stringify(created)).not.toContain(String(made?.secret));
    const off = await rowsWhile(() =>
      send(admin, 'PATCH', `/api/v1/webhooks/${made?.id}`, { enabled: false }),
    );
    expect(off).toEqual([
      expect.objectContaining({
        action: 'webhook.update',
        before: { enabled: true },
        after: { enabled: false },
      }),
    ]);
    const deleted = await rowsWhile(() => send(admin, 'DELETE', `/api/v1/webhooks/${made?.id}`));
    expect(deleted).toEqual([
      expect.objectContaining({ action: 'webhook.delete', object_id: String(made?.id) }),
    ]);
  });

  it('a dead job run again', async () => {
    const { rows } = await t.database.query<{ id: number }>(
      `INSERT INTO jobs (kind, state, attempts, max_attempts, last_error, finished_at)
       VALUES ('audit.test', 'dead', 1, 1, 'failed', now()) RETURNING id`,
    );
    const jobId = Number(rows[0]?.id);
    const retried = await rowsWhile(() => send(admin, 'POST', `/api/v1/admin/jobs/${jobId}/retry`));
    expect(retried).toEqual([
      expect.objectContaining({
        ...by(admin, 'admin'),
        action: 'job.retry',
        object_id: String(jobId),
        after: { kind: 'audit.test' },
      }),
    ]);
  });

  it('a sender blocked and unblocked; blocking one already blocked writes nothing', async () => {
    let id = 0;
    const added = await rowsWhile(async () => {
      const blocked = await send(admin, 'POST', '/api/v1/admin/blocked-senders', { value: 'spam.example' });
      id = Number(blocked?.id);
    });
    expect(added).toEqual([
      expect.objectContaining({
        ...by(admin, 'admin'),
        action: 'blocked_sender.add',
        object_id: String(id),
        after: { kind: 'domain', value: 'spam.example' },
      }),
    ]);
    expect(
      await rowsWhile(() => send(admin, 'POST', '/api/v1/admin/blocked-senders', { value: 'spam.example' })),
    ).toEqual([]);
    const removed = await rowsWhile(() => send(admin, 'DELETE', `/api/v1/admin/blocked-senders/${id}`));
    expect(removed).toEqual([
      expect.objectContaining({
        action: 'blocked_sender.remove',
        before: { kind: 'domain', value: 'spam.example' },
      }),
    ]);
  });

  it('nothing for a refused action: a moderator changing a role', async () => {
    const someone = await signedInUser(t.app);
    const rows = await rowsWhile(async () => {
      const response = await sendAs(t, moderator, 'PATCH', `/api/v1/users/${someone.id}`, { role: 'admin' });
      expect(response.statusCode).toBe(403);
    });
    expect(rows).toEqual([]);
  });
});
