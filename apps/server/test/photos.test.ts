import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import exifr from 'exifr';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATE_LIMITS } from '../src/http/rate-limit.ts';
import { photoKey } from '../src/photos/photo-store.ts';
import { SWEEP_GRACE_MS, sweepPhotoFiles } from '../src/photos/photo-sweep.ts';
import { nextAddress, signedInUser } from './support/auth.ts';
import { phonePhoto, pngOfSize, storedKeys, TAKEN_AT } from './support/photos.ts';
import { insertPlace } from './support/places.ts';
import { type S3StandIn, startS3StandIn } from './support/s3-stand-in.ts';
import { databaseAvailable, dbKind, startTestApp, type TestApp } from './support/test-app.ts';

type User = Awaited<ReturnType<typeof signedInUser>>;

/** Both storages run the same suite (decision 021). */
const STORAGES = [
  { name: 'fs', start: async () => ({ env: {}, close: async () => undefined }) },
  {
    name: 's3 (s3rver)',
    start: async () => {
      const s3: S3StandIn = await startS3StandIn();
      const { settings } = s3;
      return {
        env: {
          PHOTO_STORAGE: 's3',
          S3_ENDPOINT: settings.endpoint ?? '',
          S3_REGION: settings.region,
          S3_BUCKET: settings.bucket,
          S3_ACCESS_KEY_ID: settings.accessKeyId,
          S3_SECRET_ACCESS_KEY: settings.secretAccessKey,
          S3_FORCE_PATH_STYLE: 'true',
        },
        close: () => s3.close(),
      };
    },
  },
];

describe.skipIf(!databaseAvailable).each(STORAGES)(`photos (${dbKind}, $name)`, ({ start }) => {
  let t: TestApp;
  let closeStorage: () => Promise<void>;
  let contributor: User;
  let other: User;
  let moderator: User;

  beforeAll(async () => {
    const storage = await start();
    closeStorage = storage.close;
    t = await startTestApp({ env: storage.env, demo: false });
    const { rows } = await t.database.query(
      `INSERT INTO categories (slug, name, color, icon) VALUES ('pharmacy', '{"en":"Pharmacy"}', '#15803d', 'map-pin')
       RETURNING id`,
    );
    expect(rows).toHaveLength(1);
    contributor = await signedInUser(t.app);
    other = await signedInUser(t.app);
    moderator = await signedInUser(t.app, 'moderator');
  });
  afterAll(async () => {
    await t?.close();
    await closeStorage?.();
  });

  const upload = (placeId: number, bytes: Buffer, who: User | null, type = 'image/jpeg') =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/places/${placeId}/photos`,
      remoteAddress: nextAddress(),
      headers: { 'content-type': type, ...(who?.headers ?? {}) },
      payload: bytes,
    });
  const get = (url: string, who: User | null, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'GET',
      url,
      remoteAddress: nextAddress(),
      headers: { ...headers, ...(who?.headers ?? {}) },
    });
  const send = (method: 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, who: User | null, body?: unknown) =>
    t.app.inject({
      method,
      url,
      remoteAddress: nextAddress(),
      headers: {
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(who?.headers ?? {}),
      },
      ...(body !== undefined ? { payload: body as object } : {}),
    });
  const rowCount = async () =>
    (await t.database.query<{ count: number }>('SELECT count(*)::int AS count FROM photos')).rows[0]?.count;

  /** A WebP file as served: its size, and that nothing of the upload's metadata is in it. */
  async function expectClean(response: LightMyRequestResponse, size: [number, number]) {
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    const bytes = response.rawPayload;
    const metadata = await sharp(bytes).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(['webp', ...size]);
    expect([metadata.exif, metadata.xmp, metadata.iptc, metadata.icc]).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    // exifr reads what any EXIF reader would: no GPS, no camera, no date.
    const exif = await exifr
      .parse(bytes, { gps: true, tiff: true, exif: true, xmp: true })
      .catch(() => undefined);
    expect(exif?.latitude).toBeUndefined();
    expect(exif?.Make).toBeUndefined();
    expect(exif?.DateTimeOriginal).toBeUndefined();
    for (const text of ['Phonemaker', 'Phone 12', '2026:11:26', 'EXIF', 'XMP ']) {
      expect(bytes.includes(text), text).toBe(false);
    }
  }

  it('keeps a phone photo as two clean WebP files, pending and seen only by its uploader until published', async () => {
    const placeId = await insertPlace(t.database, { status: 'published', authorId: moderator.id });
    const original = await phonePhoto(2000, 1500);
    expect((await exifr.gps(original))?.latitude).toBeCloseTo(TAKEN_AT.lat, 4);

    const response = await upload(placeId, original, contributor);
    expect(response.statusCode, response.body).toBe(201);
    const photo = response.json();
    expect(photo).toMatchObject({
      placeId,
      status: 'pending',
      width: 1600,
      height: 1200,
      licence: 'CC-BY-SA-4.0',
      author: null,
      alt: {},
      own: true,
      version: 1,
    });
    // Where it was taken goes back to the uploader, for the pin suggestion, and nowhere else.
    expect(photo.takenAt.lat).toBeCloseTo(TAKEN_AT.lat, 4);
    expect(photo.takenAt.lng).toBeCloseTo(TAKEN_AT.lng, 4);
    const { rows } = await t.database.query('SELECT * FROM photos WHERE id = $1', [photo.id]);
    expect(JSON.stringify(rows)).not.toMatch(/45\.81|15\.97|Phonemaker/);

    // The uploader gets both files, never to be cached; nobody else learns the photo exists.
    const thumb = await get(photo.urls.thumb, contributor);
    await expectClean(thumb, [320, 240]);
    expect(thumb.headers['cache-control']).toBe('private, no-store');
    await expectClean(await get(photo.urls.large, contributor), [1600, 1200]);
    for (const who of [null, other]) {
      expect((await get(photo.urls.thumb, who)).statusCode).toBe(404);
      expect((await get(photo.urls.large, who)).statusCode).toBe(404);
      const list = await get(`/api/v1/places/${placeId}/photos`, who);
      expect(list.json()).toEqual({ items: [] });
    }
    expect((await get(`/api/v1/places/${placeId}/photos`, contributor)).json().items).toHaveLength(1);
    const queue = await get('/api/v1/photos?scope=review', moderator);
    expect(queue.json().items.map((item: { id: number }) => item.id)).toContain(photo.id);

    // Alt text first: a photo is not published without it.
    const bare = await send('POST', `/api/v1/photos/${photo.id}/transition`, moderator, {
      to: 'published',
      version: 1,
    });
    expect(bare.statusCode).toBe(400);
    expect(bare.json().error.details).toEqual([expect.objectContaining({ path: 'alt', code: 'required' })]);
    const described = await send('PATCH', `/api/v1/photos/${photo.id}`, contributor, {
      version: 1,
      alt: { en: 'The pharmacy’s green cross above its door' },
      licence: 'CC0-1.0',
      author: 'Ana K.',
    });
    expect(described.statusCode, described.body).toBe(200);
    expect(described.json()).toMatchObject({ version: 2, licence: 'CC0-1.0', author: 'Ana K.' });
    expect(
      (
        await send('POST', `/api/v1/photos/${photo.id}/transition`, moderator, {
          to: 'published',
          version: 1,
        })
      ).statusCode,
    ).toBe(409);
    const published = await send('POST', `/api/v1/photos/${photo.id}/transition`, moderator, {
      to: 'published',
      version: 2,
    });
    expect(published.statusCode, published.body).toBe(200);

    // Published on a published place: anyone gets it, cached for a day, then asked again by its
    // ETag (a moderator may hide it later).
    const visitorThumb = await get(photo.urls.thumb, null);
    await expectClean(visitorThumb, [320, 240]);
    expect(visitorThumb.headers['cache-control']).toBe('public, max-age=86400, must-revalidate');
    const etag = String(visitorThumb.headers.etag);
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    const again = await get(photo.urls.thumb, null, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    // Signed in or not, the same public file.
    expect((await get(photo.urls.large, other)).headers['cache-control']).toBe(
      'public, max-age=86400, must-revalidate',
    );
    const visitorList = (await get(`/api/v1/places/${placeId}/photos`, null)).json();
    expect(visitorList.items).toEqual([
      expect.objectContaining({
        id: photo.id,
        status: 'published',
        own: false,
        alt: { en: expect.any(String) },
      }),
    ]);
    expect(JSON.stringify(visitorList)).not.toMatch(/takenAt/);

    // Hidden: gone for everyone but its uploader and moderators, and then never cached.
    expect(
      (await send('POST', `/api/v1/photos/${photo.id}/transition`, moderator, { to: 'hidden', version: 3 }))
        .statusCode,
    ).toBe(200);
    const gone = await get(photo.urls.thumb, null);
    expect(gone.statusCode).toBe(404);
    // Nor is its 404 kept: published again, it shows again at once.
    expect(gone.headers['cache-control']).toBe('no-store');
    expect((await get(photo.urls.thumb, other)).statusCode).toBe(404);
    expect((await get(photo.urls.thumb, moderator)).headers['cache-control']).toBe('private, no-store');
    const missing = await get('/api/v1/photos/999999/large.webp', null);
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['cache-control']).toBe('no-store');
  });

  it('follows its place: a published photo of a place that is archived is not shown to visitors', async () => {
    const placeId = await insertPlace(t.database, { status: 'published', authorId: moderator.id });
    const photo = (await upload(placeId, await phonePhoto(400, 300, 1, 7), moderator)).json();
    // A moderator's own upload skips the queue.
    expect(photo.status).toBe('published');
    expect((await get(photo.urls.thumb, null)).statusCode).toBe(200);
    await t.database.query(`UPDATE places SET status = 'archived' WHERE id = $1`, [placeId]);
    expect((await get(photo.urls.thumb, null)).statusCode).toBe(404);
    expect((await get(`/api/v1/places/${placeId}/photos`, null)).statusCode).toBe(404);
    expect((await get(photo.urls.thumb, moderator)).headers['cache-control']).toBe('private, no-store');
  });

  it('refuses every upload it cannot keep with a 4xx that says why, and keeps nothing of it', async () => {
    const placeId = await insertPlace(t.database, { status: 'published', authorId: moderator.id });
    const [rowsBefore, filesBefore] = [await rowCount(), await storedKeys(t)];
    const solid = (width: number, height: number) =>
      sharp({ create: { width, height, channels: 3, background: '#336699' } });
    const jpeg = await solid(300, 200).jpeg().toBuffer();
    const frame = (colour: string) =>
      sharp({ create: { width: 40, height: 40, channels: 3, background: colour } })
        .png()
        .toBuffer();
    const animated = await sharp([await frame('#ff0000'), await frame('#00ff00')], {
      join: { animated: true },
    })
      .webp({ loop: 0 })
      .toBuffer();
    const cases: [string, Buffer, string, number, string][] = [
      ['nothing at all', Buffer.alloc(0), 'image/jpeg', 422, 'empty'],
      [
        'text sent as a JPEG',
        Buffer.from('not a photo at all, just words'),
        'image/jpeg',
        422,
        'not_an_image',
      ],
      [
        'an SVG sent as a PNG',
        Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
        ),
        'image/png',
        422,
        'unsupported_format',
      ],
      ['a GIF', await solid(20, 20).gif().toBuffer(), 'image/png', 422, 'unsupported_format'],
      [
        'a PNG of 48 megapixels',
        await solid(8000, 6000).png({ compressionLevel: 9 }).toBuffer(),
        'image/png',
        422,
        'too_many_pixels',
      ],
      ['a JPEG cut short', jpeg.subarray(0, Math.floor(jpeg.length / 2)), 'image/jpeg', 422, 'damaged'],
      ['an animated WebP', animated, 'image/webp', 422, 'animated'],
      // Few pixels, but no photo: a 38 kB strip that was once published, and shapes beyond 10:1.
      ['a PNG of 39 000 000 × 1', pngOfSize(39_000_000, 1), 'image/png', 422, 'side_too_long'],
      ['a PNG of 1 × 20 001', pngOfSize(1, 20_001), 'image/png', 422, 'side_too_long'],
      ['a PNG of 1 001 × 100', pngOfSize(1001, 100), 'image/png', 422, 'extreme_aspect_ratio'],
      [
        'a JPEG of 60 × 610',
        await solid(60, 610).jpeg().toBuffer(),
        'image/jpeg',
        422,
        'extreme_aspect_ratio',
      ],
    ];
    for (const [name, bytes, type, status, reason] of cases) {
      const response = await upload(placeId, bytes, contributor, type);
      expect(response.statusCode, `${name}: ${response.body}`).toBe(status);
      expect(response.json().error, name).toMatchObject({ code: 'photo_refused', details: { reason } });
      expect(response.json().error.message, name).toMatch(/Send|Choose|Crop/);
    }
    // Over 15 MB: refused before it is read in full.
    const huge = await upload(placeId, Buffer.alloc(15 * 1024 * 1024 + 1, 0xff), contributor);
    expect(huge.statusCode).toBe(413);
    expect(huge.json().error.code).toBe('payload_too_large');
    // A form post or plain text is not an image upload (no cross-site page can send one unasked).
    expect((await upload(placeId, jpeg, contributor, 'text/plain')).statusCode).toBe(415);
    expect((await upload(placeId, jpeg, contributor, 'multipart/form-data; boundary=x')).statusCode).toBe(
      415,
    );
    expect((await upload(placeId, jpeg, contributor, 'image/gif')).statusCode).toBe(415);
    expect((await upload(placeId, jpeg, null)).statusCode).toBe(401);

    expect(await rowCount()).toBe(rowsBefore);
    expect(await storedKeys(t)).toEqual(filesBefore);
  });

  it('takes at most 8 photos a place, in an order its author may change', async () => {
    // A moderator's photos are published at once, on the contributor's own proposal too.
    const placeId = await insertPlace(t.database, { status: 'pending', authorId: contributor.id });
    const ids: number[] = [];
    for (let shade = 0; shade < 8; shade += 1) {
      const response = await upload(placeId, await phonePhoto(60, 40, 1, shade * 20), moderator);
      expect(response.statusCode, response.body).toBe(201);
      ids.push(response.json().id);
    }
    for (const who of [moderator, contributor]) {
      const ninth = await upload(placeId, await phonePhoto(60, 40, 1, 250), who);
      expect(ninth.statusCode).toBe(422);
      expect(ninth.json().error).toMatchObject({ code: 'too_many_photos', details: { maximum: 8 } });
    }
    // Another contributor may not add to someone's proposal, and does not learn it exists.
    expect((await upload(placeId, await phonePhoto(60, 40), other)).statusCode).toBe(404);

    const reversed = [...ids].reverse();
    const ordered = await send('PUT', `/api/v1/places/${placeId}/photo-order`, contributor, {
      ids: reversed,
    });
    expect(ordered.statusCode, ordered.body).toBe(200);
    expect(ordered.json().items.map((item: { id: number }) => item.id)).toEqual(reversed);
    const listed = await get(`/api/v1/places/${placeId}/photos`, contributor);
    expect(listed.json().items.map((item: { id: number }) => item.id)).toEqual(reversed);
    // An order must name each photo once.
    for (const wrong of [reversed.slice(1), [...reversed.slice(1), reversed[1]], [...reversed, 999_999]]) {
      const response = await send('PUT', `/api/v1/places/${placeId}/photo-order`, contributor, {
        ids: wrong,
      });
      expect(response.statusCode).toBe(400);
    }
    expect(await rowCount()).toBeGreaterThanOrEqual(8);
  });

  it('counts a place’s published photos and the uploader’s own pending ones, never others’ pending or hidden ones', async () => {
    const placeId = await insertPlace(t.database, { status: 'published', authorId: moderator.id });
    const fresh = await signedInUser(t.app);
    let shade = 100;
    const photoBy = async (who: User) => upload(placeId, await phonePhoto(60, 40, 1, shade++), who);
    const statusOf = async (who: User) => (await photoBy(who)).statusCode;
    const refusalOf = async (who: User) => (await photoBy(who)).json().error;
    const transition = (photo: { id: number; version: number }, to: 'published' | 'hidden') =>
      send('POST', `/api/v1/photos/${photo.id}/transition`, moderator, { to, version: photo.version });
    const published: { id: number; version: number }[] = [];
    for (let n = 0; n < 5; n += 1) published.push((await photoBy(moderator)).json());

    // Two photos of one's own may wait for review at a place; a third is refused.
    const waiting = [(await photoBy(fresh)).json(), (await photoBy(fresh)).json()];
    expect(waiting.map((photo) => photo.status)).toEqual(['pending', 'pending']);
    expect(await refusalOf(fresh)).toMatchObject({
      code: 'too_many_pending_photos',
      details: { maximum: 2 },
    });
    // Someone else's pending photos take none of the others' slots: 5 published, 4 pending, and
    // two more of their own are taken.
    expect([await statusOf(other), await statusOf(other)]).toEqual([201, 201]);
    expect((await refusalOf(other)).code).toBe('too_many_pending_photos');
    // A hidden photo takes no slot either, not even its uploader's.
    const hidden = await transition(waiting[0], 'hidden');
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(await statusOf(fresh)).toBe(201);

    // The place's limit: 8 published, or fewer with one's own pending ones.
    for (let n = 0; n < 3; n += 1) published.push((await photoBy(moderator)).json());
    expect(await refusalOf(moderator)).toMatchObject({ code: 'too_many_photos', details: { maximum: 8 } });
    const full = await refusalOf(contributor);
    expect(full).toMatchObject({ code: 'too_many_photos', details: { maximum: 8 } });
    expect(full.message).toMatch(/yours that wait for review/);
    // Visitors see the 8 published photos; the others wait, unseen.
    expect((await get(`/api/v1/places/${placeId}/photos`, null)).json().items).toHaveLength(8);

    // Decided: publishing a ninth is refused, and says what to do; the photo keeps waiting.
    const candidate = waiting[1];
    const described = await send('PATCH', `/api/v1/photos/${candidate.id}`, moderator, {
      version: candidate.version,
      alt: { en: 'The door' },
    });
    expect(described.statusCode, described.body).toBe(200);
    const refused = await transition(described.json(), 'published');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toMatchObject({ code: 'too_many_photos', details: { maximum: 8 } });
    expect(refused.json().error.message).toMatch(/hide or delete one of them/);
    expect((await get(`/api/v1/photos/${candidate.id}/thumb.webp`, fresh)).statusCode).toBe(200);
    const { rows } = await t.database.query<{ status: string }>('SELECT status FROM photos WHERE id = $1', [
      candidate.id,
    ]);
    expect(rows[0]?.status).toBe('pending');
    // Once a published one is hidden, it is published; a hidden one is not published again over 8.
    const first = published[0];
    if (!first) throw new Error('no published photo');
    const hiddenFirst = await transition(first, 'hidden');
    expect(hiddenFirst.statusCode, hiddenFirst.body).toBe(200);
    expect((await transition(described.json(), 'published')).statusCode).toBe(200);
    const again = await send('PATCH', `/api/v1/photos/${first.id}`, moderator, {
      version: hiddenFirst.json().version,
      alt: { en: 'The sign' },
    });
    expect((await transition(again.json(), 'published')).json().error.code).toBe('too_many_photos');
  });

  it('removes a deleted photo’s files once the grace period is over, and no row ever lacks its file', async () => {
    const placeId = await insertPlace(t.database, { status: 'published', authorId: moderator.id });
    const kept = (await upload(placeId, await phonePhoto(300, 200, 1, 31), contributor)).json();
    const gone = (await upload(placeId, await phonePhoto(300, 200, 1, 32), contributor)).json();
    const goneKeys = (
      await t.database.query<{ thumb_key: string; large_key: string }>(
        'SELECT thumb_key, large_key FROM photos WHERE id = $1',
        [gone.id],
      )
    ).rows.flatMap((row) => [row.thumb_key, row.large_key]);

    // Others may not delete it; its uploader may.
    expect((await send('DELETE', `/api/v1/photos/${gone.id}`, other)).statusCode).toBe(404);
    expect((await send('DELETE', `/api/v1/photos/${gone.id}`, contributor)).statusCode).toBe(204);
    expect((await get(gone.urls.thumb, contributor)).statusCode).toBe(404);

    // Files written by an upload whose row never came (the process killed between the two).
    const orphan = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#abcdef' } })
      .webp()
      .toBuffer();
    await t.app.photoStore.put(photoKey(orphan), orphan);

    // Within the grace period nothing goes (an upload may be between its files and its row).
    expect(await sweepPhotoFiles(t.app.photoStore, t.app.photos)).toBe(0);
    const removed = await sweepPhotoFiles(
      t.app.photoStore,
      t.app.photos,
      Date.now() + SWEEP_GRACE_MS + 60_000,
    );
    // A photo no larger than the thumb's width has one file for both sizes: the same bytes.
    expect(removed).toBe(new Set(goneKeys).size + 1);
    const files = await storedKeys(t);
    for (const key of [...goneKeys, photoKey(orphan)]) expect(files).not.toContain(key);
    expect((await get(kept.urls.thumb, contributor)).statusCode).toBe(200);
    // Every row's files are there.
    const { rows } = await t.database.query<{ thumb_key: string; large_key: string }>(
      'SELECT thumb_key, large_key FROM photos',
    );
    for (const row of rows) {
      expect(files).toContain(row.thumb_key);
      expect(files).toContain(row.large_key);
    }
  });

  it('takes reports on published photos from anyone, and lists them for moderators', async () => {
    const placeId = await insertPlace(t.database, { status: 'published', authorId: moderator.id });
    const photo = (await upload(placeId, await phonePhoto(200, 100, 1, 77), moderator)).json();
    const flag = await send('POST', `/api/v1/photos/${photo.id}/flags`, null, { reason: 'private_person' });
    expect(flag.statusCode, flag.body).toBe(201);
    expect(flag.json()).toMatchObject({
      placeId,
      photoId: photo.id,
      reason: 'private_person',
      status: 'open',
    });
    // A place's reasons are not a photo's.
    expect(
      (await send('POST', `/api/v1/photos/${photo.id}/flags`, null, { reason: 'duplicate' })).statusCode,
    ).toBe(400);
    const flags = (await get('/api/v1/flags', moderator)).json().items;
    expect(flags).toContainEqual(expect.objectContaining({ photoId: photo.id, reason: 'private_person' }));
    // A pending photo cannot be reported: for visitors it does not exist.
    const pending = (await upload(placeId, await phonePhoto(200, 100, 1, 78), contributor)).json();
    expect(
      (await send('POST', `/api/v1/photos/${pending.id}/flags`, null, { reason: 'offensive' })).statusCode,
    ).toBe(404);
  });

  it('exports the links of published photos only, and an import of the export ignores them', async () => {
    const placeId = await insertPlace(t.database, {
      status: 'published',
      authorId: moderator.id,
      name: 'Ljekarna s fotografijama',
    });
    const shown = (await upload(placeId, await phonePhoto(200, 100, 1, 91), moderator)).json();
    const second = (await upload(placeId, await phonePhoto(200, 100, 1, 92), moderator)).json();
    const waiting = (await upload(placeId, await phonePhoto(200, 100, 1, 93), contributor)).json();
    expect(waiting.status).toBe('pending');
    const order = await send('PUT', `/api/v1/places/${placeId}/photo-order`, moderator, {
      ids: [second.id, shown.id, waiting.id],
    });
    expect(order.statusCode).toBe(200);
    const links = [second, shown].map((photo) => `http://localhost:80${photo.urls.large}`).join(' ');

    const geo = await get(`/api/v1/export.geojson?q=${encodeURIComponent('fotografijama')}`, null);
    expect(geo.statusCode).toBe(200);
    const features = geo.json().features;
    expect(features).toHaveLength(1);
    expect(features[0].properties.photos).toBe(links);

    const csv = await get(`/api/v1/export.csv?q=${encodeURIComponent('fotografijama')}`, null);
    const [header, row] = csv.body.replace(/^\uFEFF/, '').split('\r\n');
    const photosColumn = header?.split(',').indexOf('photos') ?? -1;
    expect(photosColumn).toBeGreaterThan(0);
    expect(row?.split(',')[photosColumn]).toBe(links);
    expect(csv.body).not.toContain(`/photos/${waiting.id}/`);

    // The export re-imports as it is: the photo links are taken and ignored, never fetched.
    const dryRun = await t.app.inject({
      method: 'POST',
      url: '/api/v1/import?format=csv&dryRun=true',
      remoteAddress: nextAddress(),
      headers: { 'content-type': 'text/csv', ...moderator.headers },
      payload: csv.body,
    });
    expect(dryRun.statusCode, dryRun.body).toBe(200);
    expect(dryRun.json()).toMatchObject({ created: 0, updated: 0, unchanged: 1, refused: [] });
  });
});

/**
 * A request body that the server has to ask for: `pulled` is how much it has asked for so far.
 * With `hold`, it gives the first chunk and then waits until `release()` before the rest, like
 * a phone on a slow connection.
 */
function bodyOnDemand(bytes: Buffer, options: { hold?: boolean } = {}) {
  let pulled = 0;
  let release = () => {};
  const released = options.hold
    ? new Promise<void>((resolve) => {
        release = resolve;
      })
    : Promise.resolve();
  const stream = new Readable({
    read() {
      void (async () => {
        if (pulled > 0) await released;
        const chunk = bytes.subarray(pulled, pulled + 64 * 1024);
        pulled += chunk.length;
        this.push(chunk.length > 0 ? chunk : null);
      })();
    },
  });
  return { stream, pulled: () => pulled, release: () => release() };
}

describe.skipIf(!databaseAvailable)(`photo uploads refused before their bodies are read (${dbKind})`, () => {
  let t: TestApp;
  let placeId: number;

  beforeAll(async () => {
    t = await startTestApp({ demo: false });
    await t.database.query(
      `INSERT INTO categories (slug, name, color, icon) VALUES ('pharmacy', '{"en":"Pharmacy"}', '#15803d', 'map-pin')`,
    );
    placeId = await insertPlace(t.database, { status: 'published', authorId: null });
  });
  afterAll(async () => {
    await t?.close();
  });

  /** An upload whose body the server reads only when it asks for it. */
  const uploadOnDemand = (
    body: ReturnType<typeof bodyOnDemand>,
    length: number,
    who: User | null,
    place = placeId,
  ) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/places/${place}/photos`,
      remoteAddress: nextAddress(),
      headers: { 'content-type': 'image/jpeg', 'content-length': String(length), ...(who?.headers ?? {}) },
      payload: body.stream,
    });
  const MB15 = 15 * 1024 * 1024;

  it('answers an anonymous upload of 15 MB with its 401 having read almost none of it', async () => {
    const body = bodyOnDemand(Buffer.alloc(MB15, 0xff));
    const response = await uploadOnDemand(body, MB15, null);
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('unauthorized');
    // At most what a stream buffers ahead: not the 15 MB that used to be read (and kept) first.
    expect(body.pulled()).toBeLessThan(1024 * 1024);
  });

  it('answers an anonymous upload over a real connection before the client has sent it all', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const sending = httpRequest({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: `/api/v1/places/${placeId}/photos`,
      agent: false,
      headers: { 'content-type': 'image/jpeg', 'content-length': String(MB15) },
    });
    // 1 MB of the 15 MB said, and no more: the server that read first would wait for the rest.
    sending.write(Buffer.alloc(1024 * 1024, 0xff));
    try {
      const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no answer before the body was sent')), 10_000);
        sending.on('error', reject);
        sending.on('response', (response) => {
          let body = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => {
            body += chunk;
          });
          response.on('end', () => {
            clearTimeout(timer);
            resolve({ status: response.statusCode ?? 0, body });
          });
        });
      });
      expect(answer.status).toBe(401);
      expect(JSON.parse(answer.body).error.code).toBe('unauthorized');
    } finally {
      sending.destroy();
    }
  });

  it('refuses a body that grows past 15 MB without saying its length', async () => {
    const user = await signedInUser(t.app);
    const body = bodyOnDemand(Buffer.alloc(MB15 + 64 * 1024, 0xff));
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/v1/places/${placeId}/photos`,
      remoteAddress: nextAddress(),
      headers: { 'content-type': 'image/jpeg', 'transfer-encoding': 'chunked', ...user.headers },
      payload: body.stream,
    });
    expect(response.statusCode, response.body).toBe(413);
    expect(response.json().error).toMatchObject({
      code: 'payload_too_large',
      details: { reason: 'too_large' },
    });
  });

  it('answers an upload over the hourly limit with its 429 before reading it', async () => {
    const user = await signedInUser(t.app);
    // 100 uploads an hour, each counted (these are refused, as to no place, without being read).
    for (let n = 0; n < RATE_LIMITS.photosPerUser.max; n += 1) {
      const body = bodyOnDemand(Buffer.alloc(1000));
      expect((await uploadOnDemand(body, 1000, user, 999_999_999)).statusCode).toBe(404);
      expect(body.pulled()).toBe(0);
    }
    const body = bodyOnDemand(Buffer.alloc(MB15, 0xff));
    const response = await uploadOnDemand(body, MB15, user);
    expect(response.statusCode).toBe(429);
    expect(response.json().error.code).toBe('rate_limited');
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    expect(body.pulled()).toBeLessThan(1024 * 1024);
  });

  it('takes two uploads at once from one person, refuses a third unread, and still takes another person’s', async () => {
    const [sender, someoneElse] = [await signedInUser(t.app), await signedInUser(t.app)];
    const photos = await Promise.all([1, 2, 3, 4].map((n) => phonePhoto(600, 400, 1, n * 40)));
    const [first = Buffer.alloc(0), second = first, third = first, theirs = first] = photos;
    const held = [bodyOnDemand(first, { hold: true }), bodyOnDemand(second, { hold: true })];
    try {
      const going = held.map((body, n) => uploadOnDemand(body, photos[n]?.length ?? 0, sender));
      // Both are being read (each has its slot), and wait for the rest of their bytes.
      await expect.poll(() => held.map((body) => body.pulled() > 0)).toEqual([true, true]);

      const refused = bodyOnDemand(third, { hold: true });
      const answer = await uploadOnDemand(refused, third.length, sender);
      expect(answer.statusCode, answer.body).toBe(429);
      expect(answer.json().error).toMatchObject({ code: 'too_many_uploads', details: { maximum: 2 } });
      expect(answer.headers['retry-after']).toBe('5');
      expect(refused.pulled()).toBe(0);

      // Someone else's single upload is not refused, as busy or otherwise.
      const other = await uploadOnDemand(bodyOnDemand(theirs), theirs.length, someoneElse);
      expect(other.statusCode, other.body).toBe(201);

      for (const body of held) body.release();
      const answers = await Promise.all(going);
      expect(answers.map((response) => response.statusCode)).toEqual([201, 201]);
      // Their slots are given back: the third goes now (to another place, as two of theirs wait here).
      const elsewhere = await insertPlace(t.database, { status: 'published', authorId: null });
      const now = await uploadOnDemand(bodyOnDemand(third), third.length, sender, elsewhere);
      expect(now.statusCode, now.body).toBe(201);
    } finally {
      for (const body of held) body.release();
    }
  });
});
