import { endpoints } from '@karta/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error.ts';
import { createApiClient } from './client.ts';

type Call = { url: string; init: RequestInit | undefined };

function fakeFetch(status: number, body?: unknown) {
  const calls: Call[] = [];
  const fetch = async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(url), init });
    return new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
    });
  };
  return { calls, fetch: fetch as typeof globalThis.fetch };
}

const user = {
  id: 7,
  email: 'ana@example.org',
  displayName: 'Ana',
  role: 'contributor',
  emailVerified: true,
};

describe('auth methods of the API client', () => {
  it('sends register and login as JSON POSTs and returns the user', async () => {
    const { calls, fetch } = fakeFetch(201, user);
    const api = createApiClient({ baseUrl: 'https://karta.example.org/', fetch });
    const body = { email: 'ana@example.org', password: 'lantern-orchard-velvet', displayName: 'Ana' };
    expect(await api.register(body)).toEqual(user);
    expect(calls[0]?.url).toBe('https://karta.example.org/api/v1/auth/register');
    expect(calls[0]?.init).toMatchObject({
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
    });

    const login = fakeFetch(200, user);
    await createApiClient({ fetch: login.fetch }).login({ email: 'ana@example.org', password: 'x' });
    expect(login.calls[0]).toMatchObject({ url: '/api/v1/auth/login', init: { method: 'POST' } });
  });

  it('signs out with a bodiless POST (no content type) and accepts the 204', async () => {
    const { calls, fetch } = fakeFetch(204);
    await expect(createApiClient({ fetch }).logout()).resolves.toBeUndefined();
    expect(calls[0]?.init?.method).toBe('POST');
    expect(calls[0]?.init?.body).toBeUndefined();
    expect(calls[0]?.init?.headers).not.toHaveProperty('content-type');
  });

  it('answers "who am I" with the user, or null when not signed in', async () => {
    expect(await createApiClient({ fetch: fakeFetch(200, user).fetch }).me()).toEqual(user);
    expect(await createApiClient({ fetch: fakeFetch(200, null).fetch }).me()).toBeNull();
  });

  it('turns refusals into ApiErrors with their code and field details', async () => {
    const details = [{ path: 'password', code: 'password_too_common', message: 'Too common' }];
    const { fetch } = fakeFetch(400, { error: { code: 'validation_error', message: 'Not valid', details } });
    const error = await createApiClient({ fetch })
      .register({ email: 'a@b.co', password: 'password123', displayName: 'A' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: 'validation_error', details });

    const limited = fakeFetch(429, {
      error: { code: 'rate_limited', message: 'Wait', details: { retryAfterSeconds: 60 } },
    });
    await expect(
      createApiClient({ fetch: limited.fetch }).login({ email: 'a', password: 'b' }),
    ).rejects.toMatchObject({
      status: 429,
      code: 'rate_limited',
    });
  });
});

describe('place-writing methods of the API client', () => {
  const place = {
    id: 12,
    externalId: null,
    name: { en: 'Fridge' },
    description: {},
    primaryLanguage: 'en',
    categoryId: 1,
    category: 'water',
    lat: 45.8,
    lng: 16,
    radius: null,
    locationPrivacy: 'exact',
    address: null,
    phone: null,
    email: null,
    website: null,
    openingHours: null,
    openState: { state: 'unknown', nextChange: null, until: null, comment: null },
    extra: {},
    lastConfirmedAt: '2026-11-22T10:00:00.000Z',
    stale: false,
    status: 'pending',
    createdAt: '2026-11-22T10:00:00.000Z',
    updatedAt: '2026-11-22T10:00:00.000Z',
    publishedAt: null,
    version: 2,
    authorId: 7,
    authorVerified: true,
    rejectionReason: null,
  };

  it('edits with PATCH and moves a place with a POST to its transition, both as JSON', async () => {
    const { calls, fetch } = fakeFetch(200, place);
    const api = createApiClient({ fetch });
    expect(await api.updatePlace(12, { version: 1, radius: 300 })).toEqual(place);
    await api.transitionPlace(12, { to: 'published', version: 2 });
    expect(calls.map((call) => [call.init?.method, call.url, call.init?.body])).toEqual([
      ['PATCH', '/api/v1/places/12', JSON.stringify({ version: 1, radius: 300 })],
      ['POST', '/api/v1/places/12/transition', JSON.stringify({ to: 'published', version: 2 })],
    ]);
  });

  it('sends an idempotency key as the header its contract declares, and none without one', async () => {
    const { calls, fetch } = fakeFetch(201, place);
    const api = createApiClient({ fetch });
    const input = { categoryId: 1, name: { en: 'Fridge' }, lat: 45.8, lng: 16 };
    const signal = new AbortController().signal;
    expect(await api.createPlace(input, { headers: { 'Idempotency-Key': 'draft-0001' }, signal })).toEqual(
      place,
    );
    await api.call('createPlace', { body: input, headers: { 'Idempotency-Key': 'draft-0002' } });
    await api.createPlace(input);
    await api.createPlace(input, { headers: { 'Idempotency-Key': undefined } });
    expect(
      calls.map((call) => (call.init?.headers as Record<string, string> | undefined)?.['Idempotency-Key']),
    ).toEqual(['draft-0001', 'draft-0002', undefined, undefined]);
    expect(calls[0]?.init).toMatchObject({
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(input),
      signal,
    });
    expect(Object.keys(calls[2]?.init?.headers ?? {})).toEqual(['accept', 'content-type']);
  });

  it('reports a stale version as a 409 conflict with the current version', async () => {
    const { fetch } = fakeFetch(409, {
      error: { code: 'conflict', message: 'Changed', details: { currentVersion: 3 } },
    });
    await expect(createApiClient({ fetch }).updatePlace(12, { version: 1 })).rejects.toMatchObject({
      status: 409,
      code: 'conflict',
      details: { currentVersion: 3 },
    });
  });
  it('takes an answer cut off after its headers for no answer: the write may have happened', async () => {
    // What fetch gives when the connection drops mid-body: the headers, then a body stream that fails.
    const fetch = (async () => {
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('{"id":12,"name":'));
          controller.error(new TypeError('network error'));
        },
      });
      return new Response(body, { status: 201, headers: { 'content-type': 'application/json' } });
    }) as typeof globalThis.fetch;
    const sent = createApiClient({ fetch }).createPlace(
      { categoryId: 1, name: { en: 'Soup kitchen' }, lat: 45.8, lng: 16 },
      { headers: { 'Idempotency-Key': 'draft-0001' } },
    );
    await expect(sent).rejects.toMatchObject({ status: 0, code: 'network_error' });
  });
});

describe('import and export in the API client', () => {
  const report = {
    created: 1,
    updated: 0,
    unchanged: 2,
    rows: [
      { row: 1, externalId: 'x-1', action: 'create' },
      { row: 2, externalId: 'x-2', action: 'unchanged' },
      { row: 3, externalId: 'x-3', action: 'unchanged' },
    ],
    refused: [],
  };

  it('sends an import file as it is, with its format’s content type and the options', async () => {
    const { calls, fetch } = fakeFetch(200, report);
    const api = createApiClient({ baseUrl: 'https://karta.example.org', fetch });
    const csv = 'externalId,category,name_hr,lat,lng\r\nx-1,pharmacy,Ljekarna Čačak,45.8,16\r\n';
    expect(await api.importPlaces('csv', csv, { dryRun: false, status: 'published' })).toEqual(report);
    expect(calls[0]?.url).toBe(
      'https://karta.example.org/api/v1/import?format=csv&dryRun=false&status=published',
    );
    expect(calls[0]?.init).toMatchObject({
      method: 'POST',
      headers: { 'content-type': 'text/csv', accept: 'application/json' },
      body: csv,
    });

    const geo = fakeFetch(200, report);
    await createApiClient({ fetch: geo.fetch }).importPlaces('geojson', '{"type":"FeatureCollection"}');
    expect(geo.calls[0]?.url).toBe('/api/v1/import?format=geojson');
    expect(geo.calls[0]?.init?.headers).toMatchObject({ 'content-type': 'application/geo+json' });
  });

  it('fails a refused import with its report in the error details', async () => {
    const refused = { ...report, refused: [{ row: 2, errors: [{ path: 'lat', message: 'Too big' }] }] };
    const { fetch } = fakeFetch(422, {
      error: { code: 'import_refused', message: 'No', details: refused },
    });
    const error = await createApiClient({ fetch })
      .importPlaces('csv', 'x', { dryRun: false })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 422, code: 'import_refused', details: refused });
  });

  it('sends a photo as its own bytes, typed as what it is, and reads the upload’s answer', async () => {
    const answer = {
      id: 5,
      placeId: 42,
      status: 'pending',
      width: 1600,
      height: 1200,
      urls: { thumb: '/api/v1/photos/5/thumb.webp', large: '/api/v1/photos/5/large.webp' },
      alt: {},
      licence: 'CC-BY-SA-4.0',
      author: null,
      version: 1,
      createdAt: '2026-11-26T10:00:00.000Z',
      own: true,
      takenAt: { lat: 45.81, lng: 15.98 },
    };
    const { calls, fetch } = fakeFetch(201, answer);
    const api = createApiClient({ baseUrl: 'https://karta.example.org', fetch });
    const bytes = new Uint8Array([0xff, 0xd8, 0xff]);
    expect(await api.uploadPhoto(42, 'image/jpeg', bytes)).toEqual(answer);
    expect(calls[0]?.url).toBe('https://karta.example.org/api/v1/places/42/photos');
    expect(calls[0]?.init).toMatchObject({
      method: 'POST',
      headers: { 'content-type': 'image/jpeg' },
      body: bytes,
    });
    await api.uploadPhoto(42, 'image/jpeg', bytes, { headers: { 'Idempotency-Key': 'photo-draft-1' } });
    expect(calls[1]?.init?.headers).toMatchObject({
      'content-type': 'image/jpeg',
      'Idempotency-Key': 'photo-draft-1',
    });
    expect(api.photoUploadUrl(42)).toBe('https://karta.example.org/api/v1/places/42/photos');
    expect(api.photoFileUrl(5, 'thumb')).toBe('https://karta.example.org/api/v1/photos/5/thumb.webp');
    expect(api.photoFileUrl(5, 'large')).toBe('https://karta.example.org/api/v1/photos/5/large.webp');
  });

  it('builds export links with the place list’s filters in their wire form', () => {
    const api = createApiClient({ baseUrl: 'https://karta.example.org' });
    expect(api.exportCsvUrl()).toBe('https://karta.example.org/api/v1/export.csv');
    expect(
      api.exportGeoJsonUrl({
        bbox: { west: 15.9, south: 45.7, east: 16.1, north: 45.9 },
        category: ['pharmacy', 'shelter'],
      }),
    ).toBe(
      'https://karta.example.org/api/v1/export.geojson?bbox=15.9%2C45.7%2C16.1%2C45.9&category=pharmacy%2Cshelter',
    );
  });
});

describe('the generic call of the API client', () => {
  it('has one method per endpoint of the table (besides the wrapped ones) and a call by name', () => {
    const api = createApiClient();
    // Photo files are links in each photo's `urls`, not calls.
    const wrapped = ['importPlaces', 'exportGeoJson', 'exportCsv', 'photoThumb', 'photoLarge'];
    for (const name of Object.keys(endpoints).filter((n) => !wrapped.includes(n))) {
      expect(typeof (api as unknown as Record<string, unknown>)[name], name).toBe('function');
    }
  });

  it('fills the path, encodes the query and checks the answer with the endpoint’s schemas', async () => {
    const { calls, fetch } = fakeFetch(200, { items: [] });
    const api = createApiClient({ fetch });
    await api.call('listFlags', { query: { status: 'resolved' } });
    await api.resolveFlag(7, { resolution: 'dismissed' }).catch(() => undefined);
    expect(calls.map((call) => [call.init?.method, call.url])).toEqual([
      ['GET', '/api/v1/flags?status=resolved'],
      ['POST', '/api/v1/flags/7/resolve'],
    ]);
    // `{ items: [] }` is not a flag: the answer is refused, not passed on.
    await expect(api.resolveFlag(7, { resolution: 'dismissed' })).rejects.toMatchObject({
      code: 'invalid_response',
    });
  });
});
