import { PlaceHistory } from '@karta/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson, signedInUser } from './support/auth.ts';
import { databaseAvailable, dbKind, startTestApp, type TestApp } from './support/test-app.ts';

/**
 * "Propose a place" in a partner's embed (README "Embedding a map"): the proposal names the
 * partner's host, and the place's first history entry records it as where it came from.
 */
describe.skipIf(!databaseAvailable)(`a proposal from an embed (${dbKind})`, () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  const proposal = async (extra: Record<string, unknown>) => {
    const { rows } = await t.database.query<{ id: number }>('SELECT min(id) AS id FROM categories');
    return {
      categoryId: Number(rows[0]?.id),
      name: { en: 'From a partner' },
      lat: 45.81,
      lng: 15.98,
      ...extra,
    };
  };
  const historyOf = async (id: number, headers: Record<string, string>) =>
    PlaceHistory.parse(
      (await t.app.inject({ method: 'GET', url: `/api/v1/places/${id}/history`, headers })).json(),
    ).items;

  it('records the embedding site on the place’s first history entry, and only there', async () => {
    const author = await signedInUser(t.app);
    const created = await postJson(
      t.app,
      '/api/v1/places',
      await proposal({ embeddedOn: 'www.partner.example' }),
      {
        headers: author.headers,
      },
    );
    expect(created.statusCode).toBe(201);
    const { id } = created.json() as { id: number };
    const history = await historyOf(id, author.headers);
    expect(history.map((entry) => [entry.action, entry.origin])).toEqual([
      ['created', 'embed: www.partner.example'],
    ]);
    // The place itself carries nothing of it.
    expect(JSON.stringify(created.json())).not.toContain('partner.example');

    const plain = (
      await postJson(t.app, '/api/v1/places', await proposal({}), { headers: author.headers })
    ).json() as {
      id: number;
    };
    expect((await historyOf(plain.id, author.headers))[0]?.origin ?? null).toBeNull();
  });

  it('refuses anything but a host name, and then creates nothing', async () => {
    const author = await signedInUser(t.app);
    const count = async () =>
      Number((await t.database.query<{ n: number }>('SELECT count(*) AS n FROM places')).rows[0]?.n);
    const before = await count();
    for (const embeddedOn of [
      'https://partner.example',
      'partner.example/path',
      'Partner.Example',
      'a b',
      '',
      'x'.repeat(254),
    ]) {
      const response = await postJson(t.app, '/api/v1/places', await proposal({ embeddedOn }), {
        headers: author.headers,
      });
      expect(response.statusCode, embeddedOn.slice(0, 30)).toBe(400);
      expect(response.json().error.code).toBe('validation_error');
      expect(JSON.stringify(response.json().error.details)).toContain('embeddedOn');
    }
    expect(await count()).toBe(before);
  });
});
