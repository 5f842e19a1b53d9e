import type { FastifyInstance, InjectOptions } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReviewFeedTokens } from '../src/feeds/review-feed.ts';
import { GOOD_PASSWORD, nextAddress, signedInUser } from './support/auth.ts';
import { insertPhoto } from './support/photos.ts';
import { insertPlace } from './support/places.ts';
import { databaseAvailable, dbKind, startTestApp, type TestApp } from './support/test-app.ts';

/**
 * Every endpoint × every role, with the status each must get (docs/product-rules.md §Roles and
 * §States). Each cell builds its own fixture, so no cell depends on another's effect.
 */
const ROLES = ['anonymous', 'author', 'other', 'moderator', 'admin', 'disabled'] as const;
type Role = (typeof ROLES)[number];
type Expected = Record<Role, number>;

/** Expected statuses in ROLES order. */
function row(...statuses: [number, number, number, number, number, number]): Expected {
  return Object.fromEntries(ROLES.map((role, i) => [role, statuses[i]])) as Expected;
}

interface Context {
  app: FastifyInstance;
  t: TestApp;
  ids: Record<Exclude<Role, 'anonymous'>, number>;
  categoryId: number;
}

type Request = {
  method: InjectOptions['method'];
  url: string;
  body?: unknown;
  /** A file body (an image upload) and its type, instead of JSON. */
  file?: { type: string; bytes: Buffer };
};
interface Case {
  name: string;
  request: (ctx: Context) => Promise<Request>;
  expected: Expected;
}

let slugCounter = 0;
const place = (ctx: Context, status: 'pending' | 'published' | 'rejected' | 'archived') =>
  insertPlace(ctx.t.database, { status, authorId: ctx.ids.author });
const proposal = (ctx: Context) => ({
  categoryId: ctx.categoryId,
  name: { en: 'Matrix place' },
  lat: 45.8,
  lng: 16,
});

/** A comment by the author on a fresh published place, in `state`. */
async function note(ctx: Context, state: 'pending' | 'published') {
  const placeId = await place(ctx, 'published');
  const { rows } = await ctx.t.database.query<{ id: number }>(
    `INSERT INTO place_notes (place_id, kind, text, language, state, author_id, text_key)
     VALUES ($1, 'comment', 'Matrix note', 'en', $2, $3, 'matrix note') RETURNING id`,
    [placeId, state, ctx.ids.author],
  );
  return Number(rows[0]?.id);
}

/** A photo of a fresh published place (or of `placeStatus`), uploaded by the author. */
async function photo(
  ctx: Context,
  status: 'pending' | 'published' | 'hidden',
  placeStatus: 'pending' | 'published' = 'published',
) {
  const placeId = await place(ctx, placeStatus);
  return insertPhoto(ctx.t, { placeId, uploaderId: ctx.ids.author, status });
}
/** A scheduled import of the admin's (its runs, if any, fail at the address guard). */
async function importSource(ctx: Context) {
  const { rows } = await ctx.t.database.query<{ id: number }>(
    `INSERT INTO import_sources (name, url, format, category, every_hours, on_missing, trusted, created_by, next_run_at)
     VALUES ('Matrix', 'http://127.0.0.1:9/list.geojson', 'geojson', 'pharmacy', 24, 'keep', true, $1, now() + interval '1 day')
     RETURNING id`,
    [ctx.ids.admin],
  );
  return Number(rows[0]?.id);
}
const image = async (): Promise<Request['file']> => ({
  type: 'image/png',
  bytes: await sharp({ create: { width: 30, height: 20, channels: 3, background: '#2266aa' } })
    .png()
    .toBuffer(),
});

const CASES: Case[] = [
  {
    name: 'GET /health',
    request: async () => ({ method: 'GET', url: '/api/v1/health' }),
    expected: row(200, 200, 200, 200, 200, 200),
  },
  {
    name: 'GET /auth/me',
    request: async () => ({ method: 'GET', url: '/api/v1/auth/me' }),
    // Nobody signed in (or a disabled account) is an answer, null, not an error.
    expected: row(200, 200, 200, 200, 200, 200),
  },
  {
    name: 'GET /places',
    request: async () => ({ method: 'GET', url: '/api/v1/places?limit=1' }),
    expected: row(200, 200, 200, 200, 200, 200),
  },
  {
    name: 'GET /places?mine=true',
    request: async () => ({ method: 'GET', url: '/api/v1/places?mine=true' }),
    expected: row(401, 200, 200, 200, 200, 401),
  },
  {
    name: 'GET /places/:id (published)',
    request: async (ctx) => ({ method: 'GET', url: `/api/v1/places/${await place(ctx, 'published')}` }),
    expected: row(200, 200, 200, 200, 200, 200),
  },
  {
    name: 'GET /places/:id (pending)',
    request: async (ctx) => ({ method: 'GET', url: `/api/v1/places/${await place(ctx, 'pending')}` }),
    expected: row(404, 200, 404, 200, 200, 404),
  },
  {
    name: 'POST /places',
    request: async (ctx) => ({ method: 'POST', url: '/api/v1/places', body: proposal(ctx) }),
    expected: row(401, 201, 201, 201, 201, 401),
  },
  {
    name: 'PATCH /places/:id (pending)',
    request: async (ctx) => ({
      method: 'PATCH',
      url: `/api/v1/places/${await place(ctx, 'pending')}`,
      body: { version: 1, address: 'Ilica 5' },
    }),
    expected: row(401, 200, 404, 200, 200, 401),
  },
  {
    name: 'PATCH /places/:id (rejected)',
    request: async (ctx) => ({
      method: 'PATCH',
      url: `/api/v1/places/${await place(ctx, 'rejected')}`,
      body: { version: 1, address: 'Ilica 5' },
    }),
    expected: row(401, 200, 404, 200, 200, 401),
  },
  {
    name: 'PATCH /places/:id (published)',
    request: async (ctx) => ({
      method: 'PATCH',
      url: `/api/v1/places/${await place(ctx, 'published')}`,
      body: { version: 1, address: 'Ilica 5' },
    }),
    expected: row(401, 403, 403, 200, 200, 401),
  },
  {
    name: 'POST /places/:id/transition publish',
    request: async (ctx) => ({
      method: 'POST',
      url: `/api/v1/places/${await place(ctx, 'pending')}/transition`,
      body: { to: 'published', version: 1 },
    }),
    expected: row(401, 403, 404, 200, 200, 401),
  },
  {
    name: 'POST /places/:id/transition reject',
    request: async (ctx) => ({
      method: 'POST',
      url: `/api/v1/places/${await place(ctx, 'pending')}/transition`,
      body: { to: 'rejected', reason: 'Duplicate', version: 1 },
    }),
    expected: row(401, 403, 404, 200, 200, 401),
  },
  {
    name: 'POST /places/:id/transition resubmit',
    request: async (ctx) => ({
      method: 'POST',
      url: `/api/v1/places/${await place(ctx, 'rejected')}/transition`,
      body: { to: 'pending', version: 1 },
    }),
    expected: row(401, 200, 404, 200, 200, 401),
  },
  {
    name: 'POST /places/:id/transition archive',
    request: async (ctx) => ({
      method: 'POST',
      url: `/api/v1/places/${await place(ctx, 'published')}/transition`,
      body: { to: 'archived', version: 1 },
    }),
    expected: row(401, 403, 403, 200, 200, 401),
  },
  {
    name: 'POST /places/:id/transition restore',
    request: async (ctx) => ({
      method: 'POST',
      url: `/api/v1/places/${await place(ctx, 'archived')}/transition`,
      body: { to: 'published', version: 1 },
    }),
    expected: row(401, 403, 404, 200, 200, 401),
  },
  {
    name: 'POST /places/transitions publish',
    request: async (ctx) => ({
      method: 'POST',
      url: '/api/v1/places/transitions',
      body: { to: 'published', items: [{ id: await place(ctx, 'pending'), version: 1 }] },
    }),
    expected: row(401, 403, 403, 200, 200, 401),
  },
  {
    name: 'GET /places/holds',
    request: async () => ({ method: 'GET', url: '/api/v1/places/holds' }),
    expected: row(401, 403, 403, 200, 200, 401),
  },
  {
    name: 'PUT /places/:id/hold',
    request: async (ctx) => ({ method: 'PUT', url: `/api/v1/places/${await place(ctx, 'pending')}/hold` }),
    expected: row(401, 403, 403, 200, 200, 401),
  },
  {
    name: 'DELETE /places/:id/hold',
    request: async (ctx) => ({ method: 'DELETE', url: `/api/v1/places/${await place(ctx, 'pending')}/hold` }),
    expected: row(401, 403, 403, 204, 204, 401),
  },
  {
    name: 'GET /places/:id/history (pending)',
    request: async (ctx) => ({ method: 'GET', url: `/api/v1/places/${await place(ctx, 'pending')}/history` }),
    expected: row(401, 200, 404, 200, 200, 401),
  },
  {
    name: 'GET /places/:id/history (published)',
    request: async (ctx) => ({
      method: 'GET',
      url: `/api/v1/places/${await place(ctx, 'published')}/history`,
    }),
    expected: row(401, 200, 403, 200, 200, 401),
  },
  {
    name: 'POST /places/:id/flags (published)',
    request: async (ctx) => ({
      method: 'POST',
      url: `/api/v1/places/${await place(ctx, 'published')}/flags`,
      body: { reason: 'duplicate' },
    }),
    expected: row(201, 201, 201, 201, 201, 201),
  },
  {
    name: 'POST /places/:id/flags (pending)',
    request: async (ctx) => ({
      method: 'POST',
      url: `/api/v1/places/${await place(ctx, 'pending')}/flags`,
      body: { reason: 'duplicate' },
    }),
    expected: row(404, 404, 404, 404, 404, 404),
  },
  {
    name: 'POST /places/:id/confirmations (published)',
    request: async (ctx) => ({
      method: 'POST',
      url: `/api/v1/places/${await place(ctx, 'published')}/confirmations`,
      body: { still: true },
    }),
    expected: row(200, 200, 200, 200, 200, 200),
  },
  {
    name: 'POST /places/:id/confirmations (pending)',
    request: async (ctx) => ({
      method: 'POST',
      url: `/api/v1/places/${await place(ctx, 'pending')}/confirmations`,
      body: { still: false },
    }),
    expected: row(404, 404, 404, 404, 404, 404),
  },
  {
    name: 'GET /opening-hours',
    request: async () => ({ method: 'GET', url: '/api/v1/opening-hours?value=Mo-Fr%2008:00-16:00' }),
    expected: row(200, 200, 200, 200, 200, 200),
  },
  {
    name: 'GET /places/needs-checking',
    request: async () => ({ method: 'GET', url: '/api/v1/places/needs-checking' }),
    expected: row(401, 403, 403, 200, 200, 401),
  },
  {
    name: 'GET /flags',
    request: async () => ({ method: 'GET', url: '/api/v1/flags' }),
    expected: row(401, 403, 403, 200, 200, 401),
  },
  {
    name: 'POST /flags/:id/resolve',
    request: async (ctx) => {
      const placeId = await place(ctx, 'published');
      const { rows } = await ctx.t.database.query<{ id: number }>(
        `INSERT INTO flags (place_id, reason) VALUES ($1, 'duplicate') RETURNING id`,
        [placeId],
      );
      return {
        method: 'POST',
        url: `/api/v1/flags/${rows[0]?.id}/resolve`,
        body: { resolution: 'dismissed' },
      };
    },
    expected: row(401, 403, 403, 200, 200, 401),
  },
  {
    name: 'GET /categories',
    request: async () => ({ method: 'GET', url: '/api/v1/categories' }),
    expected: row(200, 200, 200, 200, 200, 200),
  },
  {
    name: 'POST /categories',
    request: async () => {
      slugCounter += 1;
      return {
        method: 'POST',
        url: '/api/v1/categories',
        body: { slug: `matrix-${slugCounter}`, name: { en: 'Matrix' }, color: '#15803d', icon: 'map-pin' },
      };
    },
    expected: row(401, 403, 403, 201, 201, 401),
  },
  {
    name: 'PATCH /categories/:id',
    request: async (ctx) => ({
      method: 'PATCH',
      url: `/api/v1/categories/${ctx.categoryId}`,
      body: { icon: 'map-pin' },
    }),
    expected: row(401, 403, 403, 200, 200, 401),
  },
  {
    name: 'DELETE /categories/:id (unused)',
    request: async (ctx) => {
      slugCounter += 1;
      const category = await ctx.t.app.categoryRepository.create(
        {
          slug: `unused-${slugCounter}`,
          name: { en: 'Unused' },
          color: '#15803d',
          icon: 'map-pin',
        },
        { id: ctx.ids.admin, role: 'admin', via: 'session' },
      );
      return { method: 'DELETE', url: `/api/v1/categories/${category.id}` };
    },
    expected: row(401, 403, 403, 204, 204, 401),
  },
  {
    name: 'POST /places/:id/photos (published place)',
    request: async (ctx) => ({
      method: 'POST',
      url: `/api/v1/places/${await place(ctx, 'published')}/photos`,
      file: await image(),
    }),
    expected: row(401, 201, 201, 201, 201, 401),
  },
  {
    name: 'POST /places/:id/photos (pending place)',
    request: async (ctx) => ({
      method: 'POST',
      url: `/api/v1/places/${await place(ctx, 'pending')}/photos`,
      file: await image(),
    }),
    expected: row(401, 201, 404, 201, 201, 401),
  },
  {
    name: 'POST /places/:id/photos (archived place)',
    request: async (ctx) => ({
      method: 'POST',
      url: `/api/v1/places/${await place(ctx, 'archived')}/photos`,
      file: await image(),
    }),
    expected: row(401, 403, 404, 201, 201, 401),
  },
  {
    name: 'GET /places/:id/photos (published place)',
    request: async (ctx) => ({
      method: 'GET',
      url: `/api/v1/places/${await place(ctx, 'published')}/photos`,
    }),
    expected: row(200, 200, 200, 200, 200, 200),
  },
  {
    name: 'GET /photos/:id/thumb.webp (published)',
    request: async (ctx) => ({
      method: 'GET',
      url: `/api/v1/photos/${await photo(ctx, 'published')}/thumb.webp`,
    }),
    expected: row(200, 200, 200, 200, 200, 200),
  },
  {
    name: 'GET /photos/:id/large.webp (pending)',
    request: async (ctx) => ({
      method: 'GET',
      url: `/api/v1/photos/${await photo(ctx, 'pending')}/large.webp`,
    }),
    expected: row(404, 200, 404, 200, 200, 404),
  },
  {
    name: 'GET /photos/:id/thumb.webp (hidden)',
    request: async (ctx) => ({
      method: 'GET',
      url: `/api/v1/photos/${await photo(ctx, 'hidden')}/thumb.webp`,
    }),
    expected: row(404, 200, 404, 200, 200, 404),
  },
  {
    name: 'GET /photos/:id/thumb.webp (published, of a pending place)',
    request: async (ctx) => ({
      method: 'GET',
      url: `/api/v1/photos/${await photo(ctx, 'published', 'pending')}/thumb.webp`,
    }),
    expected: row(404, 200, 404, 200, 200, 404),
  },
  {
    name: 'GET /photos?scope=review',
    request: async () => ({ method: 'GET', url: '/api/v1/photos?scope=review' }),
    expected: row(401, 403, 403, 200, 200, 401),
  },
  {
    name: 'GET /photos?scope=mine',
    request: async () => ({ method: 'GET', url: '/api/v1/photos?scope=mine' }),
    expected: row(401, 200, 200, 200, 200, 401),
  },
  {
    name: 'PATCH /photos/:id (pending)',
    request: async (ctx) => ({
      method: 'PATCH',
      url: `/api/v1/photos/${await photo(ctx, 'pending')}`,
      body: { version: 1, alt: { en: 'A door' } },
    }),
    expected: row(401, 200, 404, 200, 200, 401),
  },
  {
    name: 'PATCH /photos/:id (published)',
    request: async (ctx) => ({
      method: 'PATCH',
      url: `/api/v1/photos/${await photo(ctx, 'published')}`,
      body: { version: 1, licence: 'CC0-1.0' },
    }),
    expected: row(401, 403, 403, 200, 200, 401),
  },
  {
    name: 'POST /photos/:id/transition (pending → published)',
    request: async (ctx) => ({
      method: 'POST',
      url: `/api/v1/photos/${await photo(ctx, 'pending')}/transition`,
      body: { to: 'published', version: 1 },
    }),
    expected: row(401, 403, 404, 200, 200, 401),
  },
  {
    name: 'POST /photos/:id/transition (published → hidden)',
    request: async (ctx) => ({
      method: 'POST',
      url: `/api/v1/photos/${await photo(ctx, 'published')}/transition`,
      body: { to: 'hidden', version: 1 },
    }),
    expected: row(401, 403, 403, 200, 200, 401),
  },
  {
    name: 'DELETE /photos/:id (pending)',
    request: async (ctx) => ({ method: 'DELETE', url: `/api/v1/photos/${await photo(ctx, 'pending')}` }),
    expected: row(401, 204, 404, 204, 204, 401),
  },
  {
    name: 'DELETE /photos/:id (published)',
    request: async (ctx) => ({ method: 'DELETE', url: `/api/v1/photos/${await photo(ctx, 'published')}` }),
    expected: row(401, 204, 403, 204, 204, 401),
  },
  {
    name: 'PUT /places/:id/photo-order (pending place)',
    request: async (ctx) => {
      const placeId = await place(ctx, 'pending');
      const id = await insertPhoto(ctx.t, { placeId, uploaderId: ctx.ids.author, status: 'pending' });
      return { method: 'PUT', url: `/api/v1/places/${placeId}/photo-order`, body: { ids: [id] } };
    },
    expected: row(401, 200, 404, 200, 200, 401),
  },
  {
    name: 'POST /photos/:id/flags (published)',
    request: async (ctx) => ({
      method: 'POST',
      url: `/api/v1/photos/${await photo(ctx, 'published')}/flags`,
      body: { reason: 'offensive' },
    }),
    expected: row(201, 201, 201, 201, 201, 201),
  },
  {
    name: 'POST /notes/:id/flags (published)',
    request: async (ctx) => ({
      method: 'POST',
      url: `/api/v1/notes/${await note(ctx, 'published')}/flags`,
      body: { reason: 'spam' },
    }),
    expected: row(201, 201, 201, 201, 201, 201),
  },
  {
    name: 'POST /notes/:id/flags (pending)',
    request: async (ctx) => ({
      method: 'POST',
      url: `/api/v1/notes/${await note(ctx, 'pending')}/flags`,
      body: { reason: 'spam' },
    }),
    expected: row(404, 404, 404, 404, 404, 404),
  },
  {
    name: 'GET /notes/pending',
    request: async () => ({ method: 'GET', url: '/api/v1/notes/pending?limit=1' }),
    expected: row(401, 403, 403, 200, 200, 401),
  },
  {
    name: 'POST /notes/:id/transition (pending → published)',
    request: async (ctx) => ({
      method: 'POST',
      url: `/api/v1/notes/${await note(ctx, 'pending')}/transition`,
      body: { to: 'published' },
    }),
    expected: row(401, 403, 403, 200, 200, 401),
  },
  {
    name: 'POST /photos/:id/flags (pending)',
    request: async (ctx) => ({
      method: 'POST',
      url: `/api/v1/photos/${await photo(ctx, 'pending')}/flags`,
      body: { reason: 'offensive' },
    }),
    expected: row(404, 404, 404, 404, 404, 404),
  },
  {
    name: 'GET /imports',
    request: async () => ({ method: 'GET', url: '/api/v1/imports' }),
    expected: row(401, 403, 403, 200, 200, 401),
  },
  {
    name: 'GET /users',
    request: async () => ({ method: 'GET', url: '/api/v1/users' }),
    expected: row(401, 403, 403, 403, 200, 401),
  },
  {
    name: 'PATCH /users/:id',
    request: async (ctx) => ({
      method: 'PATCH',
      url: `/api/v1/users/${ctx.ids.other}`,
      body: { role: 'contributor' },
    }),
    expected: row(401, 403, 403, 403, 200, 401),
  },
  {
    name: 'GET /admin/jobs',
    request: async () => ({ method: 'GET', url: '/api/v1/admin/jobs' }),
    expected: row(401, 403, 403, 403, 200, 401),
  },
  {
    name: 'POST /admin/jobs/:id/retry (a dead job)',
    request: async (ctx) => {
      const { rows } = await ctx.t.database.query<{ id: number }>(
        `INSERT INTO jobs (kind, state, attempts, max_attempts, last_error, finished_at)
         VALUES ('matrix', 'dead', 1, 1, 'failed', now()) RETURNING id`,
      );
      return { method: 'POST', url: `/api/v1/admin/jobs/${rows[0]?.id}/retry` };
    },
    expected: row(401, 403, 403, 403, 200, 401),
  },
  {
    name: 'GET /audit',
    request: async () => ({ method: 'GET', url: '/api/v1/audit' }),
    expected: row(401, 403, 403, 403, 200, 401),
  },
  {
    name: 'GET /webhooks',
    request: async () => ({ method: 'GET', url: '/api/v1/webhooks' }),
    expected: row(401, 403, 403, 403, 200, 401),
  },
  {
    name: 'GET /import-sources',
    request: async () => ({ method: 'GET', url: '/api/v1/import-sources' }),
    expected: row(401, 403, 403, 403, 200, 401),
  },
  {
    name: 'POST /import-sources/:id/run',
    request: async (ctx) => ({
      method: 'POST',
      url: `/api/v1/import-sources/${await importSource(ctx)}/run`,
    }),
    expected: row(401, 403, 403, 403, 202, 401),
  },
  {
    name: 'GET /import-sources/:id/runs',
    request: async (ctx) => ({
      method: 'GET',
      url: `/api/v1/import-sources/${await importSource(ctx)}/runs`,
    }),
    expected: row(401, 403, 403, 403, 200, 401),
  },
  {
    name: 'GET /feeds/places.atom',
    request: async () => ({ method: 'GET', url: '/api/v1/feeds/places.atom?bbox=15.9,45.7,16.1,45.9' }),
    expected: row(200, 200, 200, 200, 200, 200),
  },
  {
    // An embed is what a visitor sees, whoever asks: a place its author can open is not embeddable.
    name: 'GET /oembed (published place)',
    request: async (ctx) => ({
      method: 'GET',
      url: `/api/v1/oembed?url=${encodeURIComponent(`http://localhost/places/${await place(ctx, 'published')}`)}`,
    }),
    expected: row(200, 200, 200, 200, 200, 200),
  },
  {
    name: 'GET /oembed (pending place)',
    request: async (ctx) => ({
      method: 'GET',
      url: `/api/v1/oembed?url=${encodeURIComponent(`http://localhost/places/${await place(ctx, 'pending')}`)}`,
    }),
    expected: row(404, 404, 404, 404, 404, 404),
  },
  {
    name: 'POST /feeds/review-token',
    request: async () => ({ method: 'POST', url: '/api/v1/feeds/review-token' }),
    expected: row(401, 403, 403, 201, 201, 401),
  },
  {
    name: 'DELETE /feeds/review-token',
    request: async () => ({ method: 'DELETE', url: '/api/v1/feeds/review-token' }),
    expected: row(401, 403, 403, 204, 204, 401),
  },
  {
    // The token opens it, whoever sends it: it is a feed reader's URL, not a session.
    name: 'GET /feeds/review.atom (a moderator’s token)',
    request: async (ctx) => ({
      method: 'GET',
      url: `/api/v1/feeds/review.atom?token=${await createReviewFeedTokens(ctx.t.database).replace(ctx.ids.moderator)}`,
    }),
    expected: row(200, 200, 200, 200, 200, 200),
  },
  {
    name: 'GET /feeds/review.atom (a contributor’s token)',
    request: async (ctx) => ({
      method: 'GET',
      url: `/api/v1/feeds/review.atom?token=${await createReviewFeedTokens(ctx.t.database).replace(ctx.ids.author)}`,
    }),
    expected: row(404, 404, 404, 404, 404, 404),
  },
  {
    name: 'POST /tokens',
    request: async () => ({
      method: 'POST',
      url: '/api/v1/tokens',
      body: { name: 'Matrix script', scopes: ['places:read'], password: GOOD_PASSWORD },
    }),
    expected: row(401, 201, 201, 201, 201, 401),
  },
  {
    name: 'GET /tokens',
    request: async () => ({ method: 'GET', url: '/api/v1/tokens' }),
    expected: row(401, 200, 200, 200, 200, 401),
  },
  {
    // Only its owner revokes a token; to anyone else it does not exist.
    name: 'DELETE /tokens/:id (the author’s)',
    request: async (ctx) => {
      const author = { id: ctx.ids.author, role: 'contributor', via: 'session' } as const;
      const made = await ctx.t.app.apiTokens.create(author, {
        name: 'Matrix token',
        scopes: ['places:read'],
        expiresAt: null,
      });
      if (made === 'too_many') throw new Error('too many tokens');
      return { method: 'DELETE', url: `/api/v1/tokens/${made.created.id}` };
    },
    expected: row(401, 204, 404, 404, 404, 401),
  },
  {
    name: 'GET /account/identities',
    request: async () => ({ method: 'GET', url: '/api/v1/account/identities' }),
    expected: row(401, 200, 200, 200, 200, 401),
  },
  {
    // Only its owner unlinks an identity (the author has a password, so it is not the last way in).
    name: 'DELETE /account/identities/:id (the author’s)',
    request: async (ctx) => {
      const { rows } = await ctx.t.database.query<{ id: number }>(
        `INSERT INTO sso_identities (user_id, provider, issuer, subject, email)
         VALUES ($1, 'matrix', 'https://id.example', gen_random_uuid()::text, NULL) RETURNING id::int AS id`,
        [ctx.ids.author],
      );
      return { method: 'DELETE', url: `/api/v1/account/identities/${rows[0]?.id}` };
    },
    expected: row(401, 204, 404, 404, 404, 401),
  },
];

describe.skipIf(!databaseAvailable)(`authorisation matrix: every endpoint × every role (${dbKind})`, () => {
  let t: TestApp;
  let ctx: Context;
  const headers: Partial<Record<Role, Record<string, string>>> = {};

  beforeAll(async () => {
    t = await startTestApp();
    const users = {
      author: await signedInUser(t.app),
      other: await signedInUser(t.app),
      moderator: await signedInUser(t.app, 'moderator'),
      admin: await signedInUser(t.app, 'admin'),
      disabled: await signedInUser(t.app),
    };
    // A disabled account's session stops working at once; it is then a visitor.
    await t.app.accounts.updateUser(users.disabled.id, { disabled: true });
    for (const [role, user] of Object.entries(users)) headers[role as Role] = user.headers;
    const categoryId = (await t.database.query<{ id: number }>('SELECT min(id) AS id FROM categories'))
      .rows[0]?.id as number;
    ctx = {
      app: t.app,
      t,
      categoryId,
      ids: {
        author: users.author.id,
        other: users.other.id,
        moderator: users.moderator.id,
        admin: users.admin.id,
        disabled: users.disabled.id,
      },
    };
  });
  afterAll(async () => {
    await t?.close();
  });

  for (const testCase of CASES) {
    it(testCase.name, async () => {
      const actual: Partial<Record<Role, number>> = {};
      for (const role of ROLES) {
        const { method, url, body, file } = await testCase.request(ctx);
        const type = file ? file.type : body !== undefined ? 'application/json' : undefined;
        const payload = file ? file.bytes : (body as InjectOptions['payload']);
        const response = await t.app.inject({
          method,
          url,
          // Each from its own address: the per-address limits are tested on their own.
          remoteAddress: nextAddress(),
          headers: { ...(type ? { 'content-type': type } : {}), ...headers[role] },
          ...(payload !== undefined ? { payload } : {}),
        });
        actual[role] = response.statusCode;
      }
      expect(actual).toEqual(testCase.expected);
    });
  }
});
