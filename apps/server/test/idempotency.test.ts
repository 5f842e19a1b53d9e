import { OwnPlace, UploadedPhoto } from '@karta/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextAddress, postJson, signedInUser } from './support/auth.ts';
import { phonePhoto } from './support/photos.ts';
import { insertPlace } from './support/places.ts';
import { databaseAvailable, dbKind, startTestApp, type TestApp } from './support/test-app.ts';

type User = Awaited<ReturnType<typeof signedInUser>>;

describe.skipIf(!databaseAvailable)(`writes sent again with an Idempotency-Key (${dbKind})`, () => {
  let t: TestApp;
  let categoryId: number;
  let counter = 0;

  /** A fresh key, as a browser makes one for each draft. */
  const newKey = () => {
    counter += 1;
    return `draft-${counter}-${Math.random().toString(36).slice(2, 10)}`;
  };
  const proposal = (name = 'Community fridge') => ({
    categoryId,
    name: { en: name },
    lat: 45.8123456,
    lng: 15.9765432,
  });
  const propose = (user: User, body: unknown, key?: string) =>
    postJson(t.app, '/api/v1/places', body, {
      headers: { ...user.headers, ...(key === undefined ? {} : { 'Idempotency-Key': key }) },
    });
  const placesOf = async (user: User) =>
    (
      await t.database.query<{ id: number }>('SELECT id FROM places WHERE author_id = $1 ORDER BY id', [
        user.id,
      ])
    ).rows;
  const upload = (placeId: number, bytes: Buffer, user: User, key?: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/places/${placeId}/photos`,
      remoteAddress: nextAddress(),
      headers: {
        'content-type': 'image/jpeg',
        ...user.headers,
        ...(key === undefined ? {} : { 'idempotency-key': key }),
      },
      payload: bytes,
    });
  const photosOf = async (placeId: number) =>
    (await t.database.query<{ id: number }>('SELECT id FROM photos WHERE place_id = $1', [placeId])).rows;

  beforeAll(async () => {
    t = await startTestApp({ demo: false });
    const { rows } = await t.database.query<{ id: number }>(
      `INSERT INTO categories (slug, name, color, icon) VALUES ('fridge', '{"en":"Fridge"}', '#15803d', 'map-pin')
       RETURNING id`,
    );
    categoryId = rows[0]?.id as number;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers a proposal sent again with its key with the first place, writing one', async () => {
    const author = await signedInUser(t.app);
    const key = newKey();
    const first = await propose(author, proposal(), key);
    expect(first.statusCode, first.body).toBe(201);
    const again = await propose(author, proposal(), key);
    expect(again.statusCode, again.body).toBe(201);
    const place = OwnPlace.parse(first.json());
    expect(OwnPlace.parse(again.json())).toEqual(place);
    expect(await placesOf(author)).toEqual([{ id: place.id }]);
    // The author's own list shows it once.
    const mine = await t.app.inject({
      method: 'GET',
      url: '/api/v1/places?mine=true',
      headers: author.headers,
    });
    expect((mine.json() as { items: { id: number }[] }).items.map((item) => item.id)).toEqual([place.id]);
  });

  it('answers the place as it is now, not as it was first written', async () => {
    const author = await signedInUser(t.app);
    const key = newKey();
    const place = OwnPlace.parse((await propose(author, proposal(), key)).json());
    const edited = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/places/${place.id}`,
      headers: { 'content-type': 'application/json', ...author.headers },
      payload: { version: 1, address: 'Ilica 1' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const again = await propose(author, proposal(), key);
    expect(OwnPlace.parse(again.json())).toMatchObject({ id: place.id, version: 2, address: 'Ilica 1' });
  });

  it('writes one place for requests with one key that arrive together', async () => {
    const author = await signedInUser(t.app);
    const key = newKey();
    const answers = await Promise.all([1, 2, 3].map(() => propose(author, proposal(), key)));
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201, 201]);
    const ids = new Set(answers.map((answer) => OwnPlace.parse(answer.json()).id));
    expect(ids.size).toBe(1);
    expect(await placesOf(author)).toHaveLength(1);
  });

  it('refuses a key sent again with another proposal (422), writing nothing', async () => {
    const author = await signedInUser(t.app);
    const key = newKey();
    expect((await propose(author, proposal('First'), key)).statusCode).toBe(201);
    const other = await propose(author, proposal('Second'), key);
    expect(other.statusCode, other.body).toBe(422);
    expect(other.json()).toMatchObject({ error: { code: 'idempotency_key_reused' } });
    expect(await placesOf(author)).toHaveLength(1);
  });

  it('keeps each user’s keys their own', async () => {
    const [ana, ben] = [await signedInUser(t.app), await signedInUser(t.app)];
    const key = newKey();
    const hers = OwnPlace.parse((await propose(ana, proposal(), key)).json());
    const his = await propose(ben, proposal(), key);
    expect(his.statusCode, his.body).toBe(201);
    expect(OwnPlace.parse(his.json()).id).not.toBe(hers.id);
    expect(OwnPlace.parse(his.json()).authorId).toBe(ben.id);
    expect(await placesOf(ben)).toHaveLength(1);
  });

  it.each([
    ['too short', 'short'],
    ['with a space', 'draft key 0001'],
    ['too long', 'k'.repeat(129)],
  ])('refuses a key %s (400), writing nothing', async (_, key) => {
    const author = await signedInUser(t.app);
    const response = await propose(author, proposal(), key);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({
      error: { code: 'validation_error', details: [expect.objectContaining({ path: 'Idempotency-Key' })] },
    });
    expect(await placesOf(author)).toHaveLength(0);
  });

  it('writes a proposal each time without a key', async () => {
    const author = await signedInUser(t.app);
    expect((await propose(author, proposal())).statusCode).toBe(201);
    expect((await propose(author, proposal())).statusCode).toBe(201);
    expect(await placesOf(author)).toHaveLength(2);
  });

  it('answers a proposal sent again before the limit of open proposals, which it does not count', async () => {
    const author = await signedInUser(t.app);
    const key = newKey();
    const keyed = OwnPlace.parse((await propose(author, proposal(), key)).json());
    // The rest of the allowance of 20 pending proposals, written straight to the table.
    for (let i = 1; i < 20; i += 1)
      await insertPlace(t.database, { status: 'pending', authorId: author.id, categoryId });
    const again = await propose(author, proposal(), key);
    expect(again.statusCode, again.body).toBe(201);
    expect(OwnPlace.parse(again.json()).id).toBe(keyed.id);
    const another = await propose(author, proposal(), newKey());
    expect(another.json()).toMatchObject({ error: { code: 'too_many_open_proposals' } });
    expect(await placesOf(author)).toHaveLength(20);
  });

  it('forgets a key after 30 days: the same key then writes again', async () => {
    const author = await signedInUser(t.app);
    const key = newKey();
    const first = OwnPlace.parse((await propose(author, proposal(), key)).json());
    await t.database.query(
      `UPDATE idempotent_writes SET created_at = now() - interval '31 days' WHERE user_id = $1`,
      [author.id],
    );
    const later = await propose(author, proposal(), key);
    expect(later.statusCode).toBe(201);
    expect(OwnPlace.parse(later.json()).id).not.toBe(first.id);
    // The expired row went when the new one was written.
    const { rows } = await t.database.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM idempotent_writes WHERE user_id = $1',
      [author.id],
    );
    expect(rows[0]?.n).toBe(1);
  });

  it('answers a photo sent again with its key with the first photo, keeping one', async () => {
    // A moderator's photos are published at once: three of them may be added to one place.
    const uploader = await signedInUser(t.app, 'moderator');
    const placeId = await insertPlace(t.database, { status: 'published', authorId: null, categoryId });
    const key = newKey();
    const bytes = await phonePhoto(64, 48);
    const first = await upload(placeId, bytes, uploader, key);
    expect(first.statusCode, first.body).toBe(201);
    const again = await upload(placeId, bytes, uploader, key);
    expect(again.statusCode, again.body).toBe(201);
    const photo = UploadedPhoto.parse(first.json());
    // Where it was taken is in the first answer only (never stored).
    expect(UploadedPhoto.parse(again.json())).toEqual({ ...photo, takenAt: null });
    expect(await photosOf(placeId)).toEqual([{ id: photo.id }]);

    // Without a key, or with another one, the same bytes are another photo.
    expect((await upload(placeId, bytes, uploader)).statusCode).toBe(201);
    expect((await upload(placeId, bytes, uploader, newKey())).statusCode).toBe(201);
    expect(await photosOf(placeId)).toHaveLength(3);
    // The key names an upload to this place: sent with another place, it is refused.
    const elsewhere = await insertPlace(t.database, { status: 'published', authorId: null, categoryId });
    const reused = await upload(elsewhere, bytes, uploader, key);
    expect(reused.statusCode, reused.body).toBe(422);
    expect(reused.json()).toMatchObject({ error: { code: 'idempotency_key_reused' } });
    expect(await photosOf(elsewhere)).toHaveLength(0);
  });

  it('keeps one photo for uploads with one key that arrive together', async () => {
    const contributor = await signedInUser(t.app);
    const placeId = await insertPlace(t.database, { status: 'published', authorId: null, categoryId });
    const key = newKey();
    const bytes = await phonePhoto(64, 48, 1, 90);
    const answers = await Promise.all([1, 2].map(() => upload(placeId, bytes, contributor, key)));
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201]);
    expect(new Set(answers.map((answer) => UploadedPhoto.parse(answer.json()).id)).size).toBe(1);
    expect(await photosOf(placeId)).toHaveLength(1);
  });
});
