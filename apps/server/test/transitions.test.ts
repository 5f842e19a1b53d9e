import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextAddress, signedInUser } from './support/auth.ts';
import { insertPlace } from './support/places.ts';
import { databaseAvailable, dbKind, startTestApp, type TestApp } from './support/test-app.ts';

const STATUSES = ['pending', 'published', 'rejected', 'archived'] as const;
type Status = (typeof STATUSES)[number];

/** docs/product-rules.md §States: the only moves there are, and who makes them. */
const ALLOWED: Record<string, 'moderator' | 'author'> = {
  'pending→published': 'moderator',
  'pending→rejected': 'moderator',
  'rejected→pending': 'author',
  'published→archived': 'moderator',
  'archived→published': 'moderator',
};

describe.skipIf(!databaseAvailable)(`every state transition, allowed and refused (${dbKind})`, () => {
  let t: TestApp;
  let author: Awaited<ReturnType<typeof signedInUser>>;
  let moderator: Awaited<ReturnType<typeof signedInUser>>;

  beforeAll(async () => {
    t = await startTestApp({ demo: false });
    await t.database.query(
      `INSERT INTO categories (slug, name, color, icon) VALUES ('water', '{"en": "Water"}', '#0369a1', 'droplet')`,
    );
    author = await signedInUser(t.app);
    moderator = await signedInUser(t.app, 'moderator');
  });
  afterAll(async () => {
    await t?.close();
  });

  const move = (id: number, user: typeof author, to: Status) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/places/${id}/transition`,
      remoteAddress: nextAddress(),
      headers: { 'content-type': 'application/json', ...user.headers },
      payload: { to, version: 1, ...(to === 'rejected' ? { reason: 'Not there' } : {}) },
    });

  for (const from of STATUSES) {
    for (const to of STATUSES) {
      const who = ALLOWED[`${from}→${to}`];
      const forModerator = who ? 200 : 422;
      // The author may only resubmit; a move no one may make is 422 for them too.
      const forAuthor = who === 'author' ? 200 : who ? 403 : 422;
      it(`${from} → ${to}: moderator ${forModerator}, author ${forAuthor}`, async () => {
        const forModeratorId = await insertPlace(t.database, { status: from, authorId: author.id });
        const forAuthorId = await insertPlace(t.database, { status: from, authorId: author.id });
        const byModerator = await move(forModeratorId, moderator, to);
        const byAuthor = await move(forAuthorId, author, to);
        expect([byModerator.statusCode, byAuthor.statusCode]).toEqual([forModerator, forAuthor]);
        // A refused move changes nothing.
        const { rows } = await t.database.query<{ id: number; status: Status; version: number }>(
          'SELECT id, status, version FROM places WHERE id = ANY($1::int8[]) ORDER BY id',
          [[forModeratorId, forAuthorId]],
        );
        expect(rows.map((row) => [row.status, row.version])).toEqual([
          forModerator === 200 ? [to, 2] : [from, 1],
          forAuthor === 200 ? [to, 2] : [from, 1],
        ]);
        if (forModerator === 422)
          expect(byModerator.json()).toMatchObject({ error: { code: 'invalid_transition' } });
      });
    }
  }

  it('refuses a rejection without a reason (400), changing nothing', async () => {
    const id = await insertPlace(t.database, { status: 'pending', authorId: author.id });
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/v1/places/${id}/transition`,
      headers: { 'content-type': 'application/json', ...moderator.headers },
      payload: { to: 'rejected', reason: '   ', version: 1 },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { details: [{ path: 'reason' }] } });
    const { rows } = await t.database.query<{ status: string }>('SELECT status FROM places WHERE id = $1', [
      id,
    ]);
    expect(rows[0]?.status).toBe('pending');
  });
});
