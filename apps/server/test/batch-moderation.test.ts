import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextAddress, signedInUser } from './support/auth.ts';
import { insertPlace } from './support/places.ts';
import { databaseAvailable, dbKind, startTestApp, type TestApp } from './support/test-app.ts';

type User = Awaited<ReturnType<typeof signedInUser>>;

/** docs/decisions/036-moderation-at-volume.md: decisions in batches, and review holds. */
describe.skipIf(!databaseAvailable)(`moderation at volume (${dbKind})`, () => {
  let t: TestApp;
  let author: User;
  let ana: User;
  let ben: User;

  beforeAll(async () => {
    t = await startTestApp({ demo: false });
    await t.database.query(
      `INSERT INTO categories (slug, name, color, icon) VALUES ('water', '{"en": "Water"}', '#0369a1', 'droplet')`,
    );
    author = await signedInUser(t.app);
    ana = await signedInUser(t.app, 'moderator');
    ben = await signedInUser(t.app, 'moderator');
    await t.database.query(`UPDATE users SET display_name = 'Ana' WHERE id = $1`, [ana.id]);
  });
  afterAll(async () => {
    await t?.close();
  });

  const send = (user: User, method: 'POST' | 'PUT' | 'DELETE' | 'GET', url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      remoteAddress: nextAddress(),
      headers: { ...(payload !== undefined ? { 'content-type': 'application/json' } : {}), ...user.headers },
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
  const batch = (user: User, body: unknown) => send(user, 'POST', '/api/v1/places/transitions', body);
  const statusesOf = async (ids: readonly (number | undefined)[]) =>
    (
      await t.database.query<{ status: string; version: number }>(
        'SELECT status, version FROM places WHERE id = ANY($1::int8[]) ORDER BY id',
        [ids],
      )
    ).rows.map((row) => `${row.status}@${row.version}`);
  const pending = async (count: number) => {
    const ids: number[] = [];
    for (let i = 0; i < count; i += 1)
      ids.push(await insertPlace(t.database, { status: 'pending', authorId: author.id }));
    return ids;
  };

  it('publishes many places at once; one at a stale version fails alone', async () => {
    const ids = await pending(3);
    await t.database.query('UPDATE places SET version = 2 WHERE id = $1', [ids[1]]);
    const response = await batch(ana, { to: 'published', items: ids.map((id) => ({ id, version: 1 })) });
    expect(response.statusCode).toBe(200);
    const { items } = response.json();
    expect(items.map((item: { id: number; ok: boolean }) => [item.id, item.ok])).toEqual([
      [ids[0], true],
      [ids[1], false],
      [ids[2], true],
    ]);
    expect(items[0].place).toMatchObject({ id: ids[0], status: 'published', version: 2 });
    expect(items[1].error).toMatchObject({ code: 'conflict', details: { currentVersion: 2 } });
    expect(await statusesOf(ids)).toEqual(['published@2', 'pending@2', 'published@2']);
  });

  it('rejects many with one reason, and refuses a rejection without one, changing nothing', async () => {
    const ids = await pending(2);
    const items = ids.map((id) => ({ id, version: 1 }));
    const noReason = await batch(ana, { to: 'rejected', items, reason: '  ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json()).toMatchObject({ error: { details: [{ path: 'reason' }] } });
    expect(await statusesOf(ids)).toEqual(['pending@1', 'pending@1']);

    const rejected = await batch(ana, { to: 'rejected', items, reason: 'Imported twice' });
    expect(rejected.json().items.every((item: { ok: boolean }) => item.ok)).toBe(true);
    const { rows } = await t.database.query<{ rejection_reason: string }>(
      'SELECT rejection_reason FROM places WHERE id = ANY($1::int8[])',
      [ids],
    );
    expect(rows.map((row) => row.rejection_reason)).toEqual(['Imported twice', 'Imported twice']);
  });

  it('reports a move the place’s status does not allow, and a place that does not exist, in their rows', async () => {
    const [published] = [await insertPlace(t.database, { status: 'published', authorId: author.id })];
    const [waiting] = await pending(1);
    const response = await batch(ana, {
      to: 'published',
      items: [
        { id: published, version: 1 },
        { id: 999_999_999, version: 1 },
        { id: waiting, version: 1 },
      ],
    });
    expect(
      response
        .json()
        .items.map((item: { ok: boolean; error?: { code: string } }) => item.error?.code ?? 'ok'),
    ).toEqual(['invalid_transition', 'not_found', 'ok']);
  });

  it('takes at most 100 places, each once, from moderators only', async () => {
    const ids = await pending(1);
    const tooMany = Array.from({ length: 101 }, (_, i) => ({ id: i + 1, version: 1 }));
    expect((await batch(ana, { to: 'published', items: tooMany })).statusCode).toBe(400);
    const twice = [ids[0], ids[0]].map((id) => ({ id, version: 1 }));
    expect((await batch(ana, { to: 'published', items: twice })).statusCode).toBe(400);
    expect((await batch(ana, { to: 'published', items: [] })).statusCode).toBe(400);
    const byAuthor = await batch(author, { to: 'published', items: [{ id: ids[0], version: 1 }] });
    expect(byAuthor.statusCode).toBe(403);
    expect(await statusesOf(ids)).toEqual(['pending@1']);
  });

  it('clears 300 proposals in three batches of 100', async () => {
    const ids = await pending(300);
    for (let start = 0; start < ids.length; start += 100) {
      const items = ids.slice(start, start + 100).map((id) => ({ id, version: 1 }));
      const response = await batch(ana, { to: 'published', items });
      expect(response.json().items.filter((item: { ok: boolean }) => item.ok)).toHaveLength(100);
    }
    const { rows } = await t.database.query<{ count: string }>(
      `SELECT count(*) FROM places WHERE id = ANY($1::int8[]) AND status = 'published'`,
      [ids],
    );
    expect(Number(rows[0]?.count)).toBe(300);
  });

  it('holds an opened place for its moderator: others see who, and may not decide it', async () => {
    const [id, other] = await pending(2);
    const held = await send(ana, 'PUT', `/api/v1/places/${id}/hold`);
    expect(held.statusCode).toBe(200);
    expect(held.json()).toMatchObject({ placeId: id, holder: { id: ana.id, displayName: 'Ana' } });
    const minutes = (Date.parse(held.json().until) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(29);
    expect(minutes).toBeLessThanOrEqual(30.1);

    const list = await send(ben, 'GET', '/api/v1/places/holds');
    expect(list.json().items).toContainEqual(
      expect.objectContaining({ placeId: id, holder: { id: ana.id, displayName: 'Ana' } }),
    );

    // Ben can neither take it nor decide it, alone or in a batch; his other place goes through.
    const taken = await send(ben, 'PUT', `/api/v1/places/${id}/hold`);
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      error: { code: 'place_held', details: { holder: { displayName: 'Ana' } } },
    });
    const single = await send(ben, 'POST', `/api/v1/places/${id}/transition`, {
      to: 'published',
      version: 1,
    });
    expect(single.statusCode).toBe(409);
    expect(single.json()).toMatchObject({ error: { code: 'place_held' } });
    const both = await batch(ben, {
      to: 'published',
      items: [id, other].map((placeId) => ({ id: placeId, version: 1 })),
    });
    expect(
      both.json().items.map((item: { ok: boolean; error?: { code: string } }) => item.error?.code ?? 'ok'),
    ).toEqual(['place_held', 'ok']);
    expect(await statusesOf([id])).toEqual(['pending@1']);

    // Ana's decision goes through and ends her hold.
    const decided = await send(ana, 'POST', `/api/v1/places/${id}/transition`, {
      to: 'published',
      version: 1,
    });
    expect(decided.statusCode).toBe(200);
    const after = await send(ben, 'GET', '/api/v1/places/holds');
    expect(after.json().items.map((hold: { placeId: number }) => hold.placeId)).not.toContain(id);
  });

  it('lets a hold lapse after its time, and lets its moderator let go of it', async () => {
    const [lapsing, released] = await pending(2);
    expect((await send(ana, 'PUT', `/api/v1/places/${lapsing}/hold`)).statusCode).toBe(200);
    await t.database.query(
      `UPDATE place_holds SET held_until = now() - interval '1 second' WHERE place_id = $1`,
      [lapsing],
    );
    const taken = await send(ben, 'PUT', `/api/v1/places/${lapsing}/hold`);
    expect(taken.statusCode).toBe(200);
    expect(taken.json().holder.id).toBe(ben.id);

    expect((await send(ana, 'PUT', `/api/v1/places/${released}/hold`)).statusCode).toBe(200);
    // Ben's "let go" is not Ana's: her hold stays.
    expect((await send(ben, 'DELETE', `/api/v1/places/${released}/hold`)).statusCode).toBe(204);
    expect((await send(ben, 'PUT', `/api/v1/places/${released}/hold`)).statusCode).toBe(409);
    expect((await send(ana, 'DELETE', `/api/v1/places/${released}/hold`)).statusCode).toBe(204);
    expect((await send(ben, 'PUT', `/api/v1/places/${released}/hold`)).statusCode).toBe(200);
  });

  it('gives a place opened by two moderators at once to exactly one of them', async () => {
    const [id] = await pending(1);
    const answers = await Promise.all([
      send(ana, 'PUT', `/api/v1/places/${id}/hold`),
      send(ben, 'PUT', `/api/v1/places/${id}/hold`),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
  });

  it('holds only for moderators, and only places that exist', async () => {
    const [id] = await pending(1);
    expect((await send(author, 'PUT', `/api/v1/places/${id}/hold`)).statusCode).toBe(403);
    expect((await send(author, 'GET', '/api/v1/places/holds')).statusCode).toBe(403);
    expect((await send(ana, 'PUT', '/api/v1/places/999999999/hold')).statusCode).toBe(404);
  });
});
