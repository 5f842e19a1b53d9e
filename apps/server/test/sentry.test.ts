import { createServer, type Server } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flushSentry, initSentry } from '../src/observability/sentry.ts';
import { databaseAvailable, dbKind, startTestApp, type TestApp } from './support/test-app.ts';

/** A local stand-in for Sentry's ingestion endpoint: keeps every envelope POSTed to it. */
async function startReceiver() {
  const envelopes: string[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.method === 'POST' && /^\/api\/\d+\/envelope\/?(\?|$)/.test(request.url ?? '')) {
        const body = Buffer.concat(chunks);
        envelopes.push(
          (request.headers['content-encoding'] === 'gzip' ? gunzipSync(body) : body).toString('utf8'),
        );
        response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      } else {
        response.writeHead(404).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    dsn: `http://publickey@127.0.0.1:${port}/7`,
    envelopes,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.skipIf(!databaseAvailable)(`Sentry reporting (${dbKind})`, () => {
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let t: TestApp;

  beforeAll(async () => {
    receiver = await startReceiver();
    t = await startTestApp({
      demo: false,
      env: { SENTRY_DSN: receiver.dsn, SENTRY_ENVIRONMENT: 'test', SENTRY_RELEASE: 'karta@test' },
      configure(app) {
        app.post('/api/v1/test/crash', async () => {
          throw new Error('crash while saving a place for ana.horvat@example.org');
        });
        app.get('/api/v1/test/not-found', async () => {
          const error = Object.assign(new Error('plain 404'), { statusCode: 404 });
          throw error;
        });
      },
    });
    expect(initSentry(t.config)).toBe(true);
  });
  afterAll(async () => {
    await flushSentry();
    await t?.close();
    await receiver?.close();
  });

  it('sends an unexpected server error to the DSN with no body, cookie, query string or e-mail', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/test/crash?token=query-secret&q=Ilica',
      headers: {
        cookie: 'session=cookie-secret',
        authorization: 'Bearer header-secret',
        'content-type': 'application/json',
      },
      payload: { email: 'ana.horvat@example.org', password: 'body-secret', note: 'body-text-secret' },
    });
    expect(response.statusCode).toBe(500);

    await expect
      .poll(() => receiver.envelopes.find((raw) => raw.includes('"type":"event"')), { timeout: 10_000 })
      .toBeTruthy();
    const raw = receiver.envelopes.find((text) => text.includes('"type":"event"')) as string;
    const event = JSON.parse(raw.split('\n')[2] as string) as {
      exception: { values: { type: string; value: string }[] };
      release: string;
      environment: string;
      tags: Record<string, string>;
    };
    expect(event.exception.values[0]?.type).toBe('Error');
    expect(event.exception.values[0]?.value).toContain('crash while saving a place');
    expect(event.release).toBe('karta@test');
    expect(event.environment).toBe('test');
    expect(event.tags.request_id).toBeTruthy();
    for (const secret of [
      'ana.horvat@example.org',
      'body-secret',
      'body-text-secret',
      'cookie-secret',
      'header-secret',
      'query-secret',
      'q=Ilica',
    ]) {
      expect(raw, secret).not.toContain(secret);
    }
  });

  it('does not report expected client errors', async () => {
    const before = receiver.envelopes.length;
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/test/not-found' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/map?bbox=x' })).statusCode).toBe(400);
    await flushSentry();
    expect(receiver.envelopes.slice(before).filter((raw) => raw.includes('"type":"event"'))).toEqual([]);
  });
});
