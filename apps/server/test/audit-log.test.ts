import type { AuditEntry, AuditList } from '@karta/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from './support/auth.ts';
import { insertPlace } from './support/places.ts';
import { sendAs, startStaffApp, type User } from './support/staff-app.ts';
import { databaseAvailable, dbKind, type TestApp } from './support/test-app.ts';

/**
 * The audit log (docs/decisions/035-audit-log.md): a row per moderator's action, written in the
 * action's transaction; nothing in it can be changed; admins read it, filtered and paged.
 */
describe.skipIf(!databaseAvailable)(`the audit log (${dbKind})`, () => {
  let t: TestApp;
  let author: User;
  let moderator: User;
  let admin: User;

  beforeAll(async () => {
    ({ t, author, moderator, admin } = await startStaffApp());
  });
  afterAll(async () => {
    await t?.close();
  });

  const send = (user: User | null, method: 'POST' | 'PATCH' | 'GET', url: string, payload?: unknown) =>
    sendAs(t, user, method, url, payload);

  /** The audit rows about place `id`, oldest first, straight from the table. */
  const rowsOf = async (objectType: string, id: number) =>
    (
      await t.database.query<Record<string, unknown>>(
        `SELECT actor_id, actor_role, via, action, object_type, object_id, reason, before, after
         FROM audit_log WHERE object_type = $1 AND object_id = $2 ORDER BY id`,
        [objectType, String(id)],
      )
    ).rows;

  const listAudit = async (query = '', user: User = admin) => {
    const response = await send(user, 'GET', `/api/v1/audit${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as AuditList;
  };

  it('records a moderator’s transition with who, the role, the reason, before and after', async () => {
    const id = await insertPlace(t.database, { status: 'pending', authorId: author.id });
    const response = await send(moderator, 'POST', `/api/v1/places/${id}/transition`, {
      to: 'rejected',
      version: 1,
      reason: 'Closed for good',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await rowsOf('place', id)).toEqual([
      {
        actor_id: moderator.id,
        actor_role: 'moderator',
        via: 'session',
        action: 'place.transition',
        object_type: 'place',
        object_id: String(id),
        reason: 'Closed for good',
        before: { status: 'pending', rejectionReason: null },
        after: { status: 'rejected', rejectionReason: 'Closed for good' },
      },
    ]);
  });

  it('records a moderator’s edit of another’s place with only what changed, and not an author’s own', async () => {
    const id = await insertPlace(t.database, { status: 'pending', authorId: author.id, name: 'Old name' });
    const own = await send(author, 'PATCH', `/api/v1/places/${id}`, { version: 1, phone: '+385 1 111 1111' });
    expect(own.statusCode, own.body).toBe(200);
    expect(await rowsOf('place', id)).toEqual([]);
    const edit = await send(moderator, 'PATCH', `/api/v1/places/${id}`, {
      version: 2,
      name: { en: 'New name' },
      phone: '+385 1 111 1111',
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const rows = await rowsOf('place', id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actor_id: moderator.id,
      action: 'place.edit',
      before: { name: { en: 'Old name' } },
      after: { name: { en: 'New name' } },
    });
  });

  it('does not record an author’s own resubmission, nor a refused or stale transition', async () => {
    const rejected = await insertPlace(t.database, { status: 'rejected', authorId: author.id });
    const resubmitted = await send(author, 'POST', `/api/v1/places/${rejected}/transition`, {
      to: 'pending',
      version: 1,
    });
    expect(resubmitted.statusCode, resubmitted.body).toBe(200);
    const pending = await insertPlace(t.database, { status: 'pending', authorId: author.id });
    const forbidden = await send(author, 'POST', `/api/v1/places/${pending}/transition`, {
      to: 'published',
      version: 1,
    });
    expect(forbidden.statusCode).toBe(403);
    const stale = await send(moderator, 'POST', `/api/v1/places/${pending}/transition`, {
      to: 'published',
      version: 7,
    });
    expect(stale.statusCode).toBe(409);
    expect([...(await rowsOf('place', rejected)), ...(await rowsOf('place', pending))]).toEqual([]);
  });

  it('writes nothing, and changes nothing, when the action fails after its audit row', async () => {
    const id = await insertPlace(t.database, { status: 'pending', authorId: author.id });
    // A fault after the audit insert, inside the transaction: the whole action must roll back.
    await t.database.exec(`
      CREATE FUNCTION karta_test_audit_fault() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'deliberate fault after the audit row'; END; $$;
      CREATE TRIGGER audit_log_test_fault AFTER INSERT ON audit_log
        FOR EACH ROW EXECUTE FUNCTION karta_test_audit_fault();`);
    try {
      const response = await send(moderator, 'POST', `/api/v1/places/${id}/transition`, {
        to: 'published',
        version: 1,
      });
      expect(response.statusCode).toBe(500);
    } finally {
      await t.database.exec(
        'DROP TRIGGER audit_log_test_fault ON audit_log; DROP FUNCTION karta_test_audit_fault();',
      );
    }
    expect(await rowsOf('place', id)).toEqual([]);
    const { rows } = await t.database.query<{ status: string }>('SELECT status FROM places WHERE id = $1', [
      id,
    ]);
    expect(rows[0]?.status).toBe('pending');
  });

  it('refuses to update, delete or truncate its rows', async () => {
    const id = await insertPlace(t.database, { status: 'pending', authorId: author.id });
    await send(moderator, 'POST', `/api/v1/places/${id}/transition`, { to: 'published', version: 1 });
    expect(await rowsOf('place', id)).toHaveLength(1);
    await expect(
      t.database.query(`UPDATE audit_log SET reason = 'forged' WHERE object_id = $1`, [String(id)]),
    ).rejects.toThrow(/append-only/);
    await expect(
      t.database.query('DELETE FROM audit_log WHERE object_id = $1', [String(id)]),
    ).rejects.toThrow(/append-only/);
    await expect(t.database.query('TRUNCATE audit_log')).rejects.toThrow(/append-only/);
    expect(await rowsOf('place', id)).toHaveLength(1);
  });

  it('is for admins only: 401 signed out, 403 for a moderator', async () => {
    expect((await send(null, 'GET', '/api/v1/audit')).statusCode).toBe(401);
    expect((await send(moderator, 'GET', '/api/v1/audit')).statusCode).toBe(403);
    expect((await send(author, 'GET', '/api/v1/audit')).statusCode).toBe(403);
  });

  it('lists newest first with the actor’s name and role, filtered, and pages with a cursor', async () => {
    const other = await signedInUser(t.app, 'moderator');
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      const id = await insertPlace(t.database, { status: 'pending', authorId: author.id });
      ids.push(id);
      const response = await send(other, 'POST', `/api/v1/places/${id}/transition`, {
        to: 'published',
        version: 1,
      });
      expect(response.statusCode).toBe(200);
    }
    const all = await listAudit(`?actor=${other.id}`);
    expect(all.items.map((item) => item.object.id)).toEqual(ids.map(String).reverse());
    expect(all.items[0]).toMatchObject({
      actor: { id: other.id, displayName: 'A moderator', role: 'moderator' },
      via: 'session',
      action: 'place.transition',
      object: { type: 'place', id: String(ids[2]) },
    } satisfies Partial<AuditEntry>);
    expect(all.nextCursor).toBeNull();

    const first = await listAudit(`?actor=${other.id}&limit=2`);
    expect(first.items.map((item) => item.object.id)).toEqual([String(ids[2]), String(ids[1])]);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await listAudit(`?actor=${other.id}&limit=2&cursor=${first.nextCursor}`);
    expect(second.items.map((item) => item.object.id)).toEqual([String(ids[0])]);
    expect(second.nextCursor).toBeNull();

    const one = await listAudit(`?objectType=place&objectId=${ids[1]}`);
    expect(one.items.map((item) => item.object.id)).toEqual([String(ids[1])]);
    expect((await listAudit(`?actor=${other.id}&action=place.edit`)).items).toEqual([]);
    const { rows } = await t.database.query<{ at: Date }>('SELECT max(at) AS at FROM audit_log');
    const latest = rows[0]?.at.toISOString() ?? '';
    expect(
      (await listAudit(`?actor=${other.id}&from=${encodeURIComponent(latest)}`)).items.length,
    ).toBeGreaterThan(0);
    expect((await listAudit(`?actor=${other.id}&to=2000-01-01T00:00:00Z`)).items).toEqual([]);
  });

  it('answers 400 for a cursor it did not give, an unknown action, or an object id without its type', async () => {
    for (const query of ['?cursor=nonsense', '?action=place.burn', '?objectId=4', '?limit=201']) {
      const response = await send(admin, 'GET', `/api/v1/audit${query}`);
      expect(response.statusCode, query).toBe(400);
    }
  });
});
