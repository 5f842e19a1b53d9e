import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ErrorBody } from '@karta/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMIT_BYTES } from '../src/app.ts';
import { openPostgresDatabase } from '../src/db/postgres-database.ts';
import { INTERNAL_ERROR_MESSAGE } from '../src/http/errors.ts';
import { databaseAvailable, dbKind, startTestApp, type TestApp } from './support/test-app.ts';

describe.skipIf(!databaseAvailable)(`errors and the web app (${dbKind})`, () => {
  let t: TestApp;
  const reported: unknown[] = [];
  const webDir = mkdtempSync(join(tmpdir(), 'karta-web-'));
  // Nothing listens on port 1: connecting fails at once with ECONNREFUSED.
  const unreachable = openPostgresDatabase('postgresql://postgres@127.0.0.1:1/nothing');

  beforeAll(async () => {
    mkdirSync(join(webDir, 'assets'));
    writeFileSync(
      join(webDir, 'index.html'),
      '<!doctype html><head><title>Karta test shell</title></head><div id="root"><!-- first-view --><!-- /first-view --></div>',
    );
    writeFileSync(join(webDir, 'assets', 'app-1a2b3c.js'), 'console.log("app")');
    writeFileSync(join(webDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    t = await startTestApp({
      demo: false,
      webDistDir: webDir,
      reportError: (error) => reported.push(error),
      configure(app) {
        app.post('/api/v1/test/echo', async (request) => ({ received: request.body }));
        app.get('/api/v1/test/boom', async () => {
          throw new Error('internal detail: connection string postgres://admin:hunter2@db');
        });
        app.get('/api/v1/test/unreachable', async () => (await unreachable.query('SELECT 1')).rows);
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await unreachable.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  const expectError = (
    response: { statusCode: number; json(): unknown; headers: Record<string, unknown> },
    status: number,
    code: string,
  ) => {
    expect(response.statusCode).toBe(status);
    expect(String(response.headers['content-type'])).toContain('application/json');
    const body = ErrorBody.parse(response.json());
    expect(body.error.code).toBe(code);
    expect(body.error.message.length).toBeGreaterThan(0);
    return body;
  };

  it('answers unknown API paths with 404 in the error shape, whatever the method', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      expectError(await t.app.inject({ method, url: '/api/v1/no-such-thing' }), 404, 'not_found');
    }
    // Even when the client prefers HTML: an API path never falls back to the web app.
    expectError(
      await t.app.inject({ method: 'GET', url: '/api/v2/places', headers: { accept: 'text/html' } }),
      404,
      'not_found',
    );
  });

  it('hides the text of unexpected errors and reports them', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/test/boom' });
    const body = expectError(response, 500, 'internal_error');
    expect(body.error.message).toBe(INTERNAL_ERROR_MESSAGE);
    expect(response.body).not.toContain('hunter2');
    expect(response.body).not.toContain('internal detail');
    expect(reported).toHaveLength(1);
    expect((reported[0] as Error).message).toContain('internal detail');
  });

  it('answers 503 database_unavailable when the database cannot be reached, without reporting it as a bug', async () => {
    const before = reported.length;
    const body = expectError(
      await t.app.inject({ method: 'GET', url: '/api/v1/test/unreachable' }),
      503,
      'database_unavailable',
    );
    expect(body.error.message).not.toContain('127.0.0.1');
    expect(reported).toHaveLength(before);
  });

  it('maps Fastify’s own errors to the error shape', async () => {
    const badJson = await t.app.inject({
      method: 'POST',
      url: '/api/v1/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expectError(badJson, 400, 'validation_error');

    const tooLarge = await t.app.inject({
      method: 'POST',
      url: '/api/v1/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ text: 'x'.repeat(BODY_LIMIT_BYTES) }),
    });
    expectError(tooLarge, 413, 'payload_too_large');

    const wrongType = await t.app.inject({
      method: 'POST',
      url: '/api/v1/test/echo',
      headers: { 'content-type': 'application/x-karta' },
      payload: 'hello',
    });
    expectError(wrongType, 415, 'unsupported_media_type');

    const badUrl = await t.app.inject({ method: 'GET', url: '/api/v1/places/%E0%A4%A' });
    expectError(badUrl, 400, 'validation_error');

    const ok = await t.app.inject({ method: 'POST', url: '/api/v1/test/echo', payload: { a: 'č' } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ received: { a: 'č' } });
  });

  it('serves the web app with long caching for hashed assets and none for index.html', async () => {
    const home = await t.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('Karta test shell');
    expect(home.headers['cache-control']).toBe('no-cache');
    expect(String(home.headers['content-security-policy'])).toContain("script-src 'self'");
    expect(String(home.headers.link)).toContain('</api/v1/config>; rel=preload');
    // The home page as its link opens it carries its first view; with a view in its URL it does not.
    expect(home.body).toContain('id="first-view-map"');
    const view = await t.app.inject({
      method: 'GET',
      url: '/?lat=45.81&lng=15.98&z=12',
      headers: { accept: 'text/html' },
    });
    expect(view.statusCode).toBe(200);
    expect(view.body).toContain('Karta test shell');
    expect(view.body).not.toContain('first-view-map');
    expect(view.headers['cache-control']).toBe('no-cache');

    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-1a2b3c.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const icon = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it('answers client-side routes with index.html, and unknown files with a JSON 404', async () => {
    for (const url of ['/places/12', '/embed?bbox=1,2,3,4', '/some/deep/link']) {
      const page = await t.app.inject({
        method: 'GET',
        url,
        headers: { accept: 'text/html,application/xhtml+xml' },
      });
      expect(page.statusCode, url).toBe(200);
      expect(page.body).toContain('Karta test shell');
      expect(page.body).not.toContain('first-view-map');
      expect(page.headers['cache-control']).toBe('no-cache');
    }
    expectError(await t.app.inject({ method: 'GET', url: '/assets/missing.js' }), 404, 'not_found');
    expectError(await t.app.inject({ method: 'GET', url: '/../../etc/passwd' }), 404, 'not_found');
  });

  it('lets other sites frame /embed only', async () => {
    const embed = await t.app.inject({
      method: 'GET',
      url: '/embed?lat=45.8',
      headers: { accept: 'text/html' },
    });
    expect(String(embed.headers['content-security-policy'])).toContain('frame-ancestors *');
    expect(embed.headers['x-frame-options']).toBeUndefined();
    const home = await t.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    expect(String(home.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    expect(home.headers['x-frame-options']).toBe('DENY');
  });
});

describe.skipIf(!databaseAvailable)(`without a built web app (${dbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ demo: false, webDistDir: join(tmpdir(), 'karta-no-such-build') });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('tells how to build the front end', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(503);
    expect(page.body).toContain('npm run build');
    const api = await t.app.inject({ method: 'GET', url: '/api/v1/categories' });
    expect(api.statusCode).toBe(200);
  });
});
