import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ImportSourceRun } from '@karta/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextAddress, signedInUser } from './support/auth.ts';
import { type SmtpTestServer, startSmtpTestServer } from './support/smtp-test-server.ts';
import { databaseAvailable, dbKind, startTestApp, type TestApp } from './support/test-app.ts';

interface PartnerPlace {
  id: string;
  name: string;
  lat: number;
  lng: number;
  category?: string;
}

/**
 * A partner's list on this machine: GeoJSON in the partner's own property names (`id`, `title`),
 * with an ETag that changes with the list; a request carrying the current one gets a 304.
 */
async function startPartner() {
  let places: PartnerPlace[] = [];
  let version = 1;
  const requests: IncomingHttpHeaders[] = [];
  const server: Server = createServer((request, response) => {
    requests.push(request.headers);
    const etag = `"list-${version}"`;
    if (request.headers['if-none-match'] === etag) {
      response.writeHead(304, { etag }).end();
      return;
    }
    const body = JSON.stringify({
      type: 'FeatureCollection',
      features: places.map((place) => ({
        type: 'Feature',
        geometry: { type: 'Point', coordinates: [place.lng, place.lat] },
        properties: {
          id: place.id,
          title: place.name,
          ...(place.category ? { category: place.category } : {}),
        },
      })),
    });
    response.writeHead(200, { 'content-type': 'application/geo+json', etag }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path: string) => `http://127.0.0.1:${port}/${path}`,
    requests,
    serve(next: PartnerPlace[]) {
      places = next;
      version += 1;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

type Run = ImportSourceRun;

async function until<T>(check: () => Promise<T | undefined>, timeoutMs = 15_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.skipIf(!databaseAvailable)(`scheduled imports (${dbKind})`, () => {
  let t: TestApp;
  let admin: { id: number; email: string; headers: Record<string, string> };
  let partner: Awaited<ReturnType<typeof startPartner>>;
  let smtp: SmtpTestServer;

  const post = (url: string, payload?: unknown, headers = admin.headers) =>
    t.app.inject({
      method: 'POST',
      url,
      remoteAddress: nextAddress(),
      headers: payload === undefined ? headers : { 'content-type': 'application/json', ...headers },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  const addSource = async (body: Record<string, unknown>) => {
    const made = await post('/api/v1/import-sources', {
      format: 'geojson',
      category: 'drinking-water',
      everyHours: 24,
      onMissing: 'archive',
      trusted: true,
      columns: { externalId: 'id', name_hr: 'title' },
      ...body,
    });
    expect(made.statusCode, made.body).toBe(201);
    return (made.json() as { id: number }).id;
  };

  const runs = async (sourceId: number): Promise<Run[]> => {
    const listed = await t.app.inject({
      method: 'GET',
      url: `/api/v1/import-sources/${sourceId}/runs`,
      headers: admin.headers,
    });
    expect(listed.statusCode, listed.body).toBe(200);
    return (listed.json() as { items: Run[] }).items;
  };

  /** Runs the source now and waits for that run to finish. */
  const runNow = async (sourceId: number): Promise<Run> => {
    const before = (await runs(sourceId)).length;
    const queued = await post(`/api/v1/import-sources/${sourceId}/run`);
    expect(queued.statusCode, queued.body).toBe(202);
    return until(async () => {
      const all = await runs(sourceId);
      return all.length > before && all[0]?.outcome ? all[0] : undefined;
    });
  };

  const placeOf = async (externalId: string) => {
    const { rows } = await t.database.query<{
      id: number;
      status: string;
      version: number;
      name: Record<string, string>;
    }>('SELECT id, status, version, name FROM places WHERE external_id = $1', [externalId]);
    return rows[0];
  };

  beforeAll(async () => {
    smtp = await startSmtpTestServer();
    t = await startTestApp({
      env: {
        WEBHOOK_ALLOW_PRIVATE: 'true',
        SMTP_URL: smtp.url,
        MAIL_FROM: 'Karta <karta@example.org>',
        PUBLIC_URL: 'http://karta.example.org',
      },
      jobs: { pollMs: 50 },
    });
    admin = await signedInUser(t.app, 'admin');
    partner = await startPartner();
  });
  afterAll(async () => {
    await t?.close();
    await partner?.close();
    await smtp?.stop();
  });

  it('keeps a partner’s list in sync: created, not modified, then one updated, one archived, the rest unchanged', async () => {
    partner.serve([
      { id: 'p-1', name: 'Fountain one', lat: 45.81, lng: 15.97 },
      { id: 'p-2', name: 'Fountain two', lat: 45.82, lng: 15.98 },
      { id: 'p-3', name: 'Fountain three', lat: 45.83, lng: 15.99 },
    ]);
    const sourceId = await addSource({ name: 'City fountains', url: partner.url('fountains.geojson') });

    const first = await runNow(sourceId);
    expect(first).toMatchObject({
      outcome: 'imported',
      created: 3,
      updated: 0,
      archived: 0,
      unchanged: 0,
      failed: 0,
    });
    const one = await placeOf('p-1');
    expect(one).toMatchObject({ status: 'published', version: 1, name: { hr: 'Fountain one' } });

    const second = await runNow(sourceId);
    expect(second).toMatchObject({ outcome: 'not_modified', created: 0, updated: 0, archived: 0 });
    expect(partner.requests.at(-1)?.['if-none-match']).toBe('"list-2"');

    partner.serve([
      { id: 'p-1', name: 'Fountain one, renamed', lat: 45.81, lng: 15.97 },
      { id: 'p-3', name: 'Fountain three', lat: 45.83, lng: 15.99 },
    ]);
    const third = await runNow(sourceId);
    expect(third).toMatchObject({ outcome: 'imported', created: 0, updated: 1, archived: 1, unchanged: 1 });
    expect(await placeOf('p-1')).toMatchObject({
      status: 'published',
      version: 2,
      name: { hr: 'Fountain one, renamed' },
    });
    const gone = await placeOf('p-2');
    // Archived, never deleted.
    expect(gone).toMatchObject({ status: 'archived', version: 2 });

    // The history says where each change came from.
    const history = await t.app.inject({
      method: 'GET',
      url: `/api/v1/places/${gone?.id}/history`,
      headers: admin.headers,
    });
    expect(history.statusCode, history.body).toBe(200);
    expect((history.json() as { items: unknown[] }).items).toMatchObject([
      { action: 'created', origin: 'import: City fountains' },
      {
        action: 'archived',
        origin: 'import: City fountains',
        changes: { status: { from: 'published', to: 'archived' } },
      },
    ]);

    // Back in the list: published again (a trusted source), counted as updated.
    partner.serve([
      { id: 'p-1', name: 'Fountain one, renamed', lat: 45.81, lng: 15.97 },
      { id: 'p-2', name: 'Fountain two', lat: 45.82, lng: 15.98 },
      { id: 'p-3', name: 'Fountain three', lat: 45.83, lng: 15.99 },
    ]);
    const fourth = await runNow(sourceId);
    expect(fourth).toMatchObject({ outcome: 'imported', created: 0, updated: 1, archived: 0, unchanged: 2 });
    expect(await placeOf('p-2')).toMatchObject({ status: 'published', version: 3 });
  });

  it('sends an untrusted source’s new places to review and holds its changes to reviewed places', async () => {
    partner.serve([
      { id: 'p-1', name: 'Fountain one, by a stranger', lat: 45.81, lng: 15.97 },
      { id: 'u-1', name: 'Unreviewed spring', lat: 45.7, lng: 15.9 },
    ]);
    const sourceId = await addSource({
      name: 'Volunteers',
      url: partner.url('volunteers.geojson'),
      trusted: false,
      onMissing: 'keep',
    });
    const run = await runNow(sourceId);
    expect(run).toMatchObject({ outcome: 'imported', created: 1, updated: 0, held: ['p-1'] });
    expect(await placeOf('u-1')).toMatchObject({ status: 'pending' });
    // The published place keeps its reviewed text.
    expect(await placeOf('p-1')).toMatchObject({
      status: 'published',
      name: { hr: 'Fountain one, renamed' },
    });
  });

  it('leaves a place an untrusted source archived archived when it comes back, listed for a moderator', async () => {
    partner.serve([
      { id: 'v-1', name: 'Bench spring', lat: 45.5, lng: 15.5 },
      { id: 'v-2', name: 'Hill spring', lat: 45.51, lng: 15.51 },
    ]);
    const sourceId = await addSource({ name: 'Hikers', url: partner.url('hikers.geojson'), trusted: false });
    expect(await runNow(sourceId)).toMatchObject({ outcome: 'imported', created: 2 });
    // A moderator publishes one of them.
    await t.database.query(
      `UPDATE places SET status = 'published', published_at = now() WHERE external_id = 'v-2'`,
    );
    partner.serve([{ id: 'v-1', name: 'Bench spring', lat: 45.5, lng: 15.5 }]);
    expect(await runNow(sourceId)).toMatchObject({ outcome: 'imported', archived: 1, unchanged: 1 });
    expect(await placeOf('v-2')).toMatchObject({ status: 'archived' });
    partner.serve([
      { id: 'v-1', name: 'Bench spring', lat: 45.5, lng: 15.5 },
      { id: 'v-2', name: 'Hill spring', lat: 45.51, lng: 15.51 },
    ]);
    expect(await runNow(sourceId)).toMatchObject({ outcome: 'imported', updated: 0, held: ['v-2'] });
    expect(await placeOf('v-2')).toMatchObject({ status: 'archived' });
  });

  it('reads a CSV list in its own column names, the default category for rows without one', async () => {
    const csv = [
      'code,naziv,y,x',
      'c-1,Kiosk fountain,45.4,15.4',
      'c-2,"Square fountain, north",45.41,15.41',
      '',
    ].join('\r\n');
    const server: Server = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/csv' }).end(csv);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const sourceId = await addSource({
        name: 'Spreadsheet',
        url: `http://127.0.0.1:${port}/list.csv`,
        format: 'csv',
        columns: { externalId: 'code', name_hr: 'naziv', lat: 'y', lng: 'x' },
      });
      expect(await runNow(sourceId)).toMatchObject({ outcome: 'imported', created: 2 });
      expect(await placeOf('c-2')).toMatchObject({
        status: 'published',
        name: { hr: 'Square fountain, north' },
      });
      const { rows } = await t.database.query<{ slug: string }>(
        `SELECT c.slug FROM places p JOIN categories c ON c.id = p.category_id WHERE p.external_id = 'c-1'`,
      );
      expect(rows[0]?.slug).toBe('drinking-water');
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('records a run with a refused row as failed, writes nothing, and tells its admin by e-mail', async () => {
    partner.serve([
      { id: 'f-1', name: 'Good row', lat: 45.6, lng: 15.8 },
      { id: 'f-2', name: 'Bad category', lat: 45.61, lng: 15.81, category: 'no-such-kind' },
    ]);
    const sourceId = await addSource({ name: 'Broken list', url: partner.url('broken.geojson') });
    const run = await runNow(sourceId);
    expect(run).toMatchObject({ outcome: 'failed', failed: 1, created: 0 });
    expect(run.refused).toMatchObject([{ row: 2, errors: [{ path: 'category' }] }]);
    expect(await placeOf('f-1')).toBeUndefined();

    const mail = await until(async () =>
      smtp.to(admin.email).find((m) => /Broken list/.test(m.parsed.subject ?? '')),
    );
    expect(mail.parsed.subject).toBe('Import Broken list failed');
    expect(mail.parsed.text).toContain('Row 2');
    expect(mail.parsed.text).toContain('no-such-kind');
  });

  it('refuses a source on a private network unless the site allows them', async () => {
    const strict = await startTestApp({ demo: false });
    try {
      const strictAdmin = (await signedInUser(strict.app, 'admin')).headers;
      const response = await strict.app.inject({
        method: 'POST',
        url: '/api/v1/import-sources',
        remoteAddress: nextAddress(),
        headers: { 'content-type': 'application/json', ...strictAdmin },
        payload: {
          name: 'Inside',
          url: 'http://127.0.0.1:8080/list.geojson',
          format: 'geojson',
          category: 'drinking-water',
          everyHours: 1,
          onMissing: 'keep',
          trusted: true,
        },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        error: { code: 'validation_error', details: [{ path: 'url' }] },
      });
      const { rows } = await strict.database.query('SELECT 1 FROM import_sources');
      expect(rows).toEqual([]);
    } finally {
      await strict.close();
    }
  });

  it('leaves out a run of a source while an earlier run of it is going on elsewhere', async () => {
    const sourceId = await addSource({ name: 'Busy list', url: partner.url('busy.geojson') });
    // An instance is running this source's run now, on a live lease.
    await t.database.query(
      `INSERT INTO jobs (kind, payload, state, attempts, max_attempts, lease_token, leased_until, leased_by)
       VALUES ('import.source', $1, 'running', 1, 1, gen_random_uuid(), now() + interval '1 minute', 'elsewhere:1')`,
      [JSON.stringify({ sourceId })],
    );
    const queued = await post(`/api/v1/import-sources/${sourceId}/run`);
    expect(queued.statusCode).toBe(202);
    const { jobId } = queued.json() as { jobId: number };
    await until(async () => {
      const { rows } = await t.database.query<{ state: string }>('SELECT state FROM jobs WHERE id = $1', [
        jobId,
      ]);
      return rows[0]?.state === 'done' ? true : undefined;
    });
    expect(await runs(sourceId)).toEqual([]);
  });

  it('adds due runs once per due time, moves the next run on by its hours, and deletes a source but not its places', async () => {
    const sourceId = await addSource({ name: 'Hourly', url: partner.url('hourly.geojson'), everyHours: 3 });
    await t.database.query(
      `UPDATE import_sources SET next_run_at = now() - interval '1 minute' WHERE id = $1`,
      [sourceId],
    );
    const { enqueueDueRuns } = await import('../src/import-sources/source-jobs.ts');
    const [a, b] = await Promise.all([enqueueDueRuns(t.database), enqueueDueRuns(t.database)]);
    expect((a ?? 0) + (b ?? 0)).toBeGreaterThanOrEqual(1);
    const { rows: jobs } = await t.database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM jobs WHERE kind = 'import.source' AND payload->>'sourceId' = $1 AND unique_key NOT LIKE '%@now:%'`,
      [String(sourceId)],
    );
    expect(jobs[0]?.n).toBe(1);
    const { rows } = await t.database.query<{ hours: number }>(
      `SELECT round(extract(epoch FROM next_run_at - now()) / 3600)::int AS hours FROM import_sources WHERE id = $1`,
      [sourceId],
    );
    expect(rows[0]?.hours).toBe(3);

    // Deleted: its runs go with it, the places it imported stay.
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/import-sources/${sourceId}`,
      remoteAddress: nextAddress(),
      headers: admin.headers,
    });
    expect(deleted.statusCode, deleted.body).toBe(204);
    const gone = await t.app.inject({
      method: 'GET',
      url: `/api/v1/import-sources/${sourceId}/runs`,
      headers: admin.headers,
    });
    expect(gone.statusCode).toBe(404);
    expect((await post(`/api/v1/import-sources/${sourceId}/run`)).statusCode).toBe(404);
    const listed = await t.app.inject({
      method: 'GET',
      url: '/api/v1/import-sources',
      headers: admin.headers,
    });
    expect((listed.json() as { items: { id: number }[] }).items.map((source) => source.id)).not.toContain(
      sourceId,
    );
    expect(await placeOf('p-1')).toMatchObject({ status: 'published' });
  });
});
