import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flushSentry, initSentry } from '../src/observability/sentry.ts';
import { type SentryReceiver, startSentryReceiver } from './support/sentry-receiver.ts';
import { databaseAvailable, dbKind, startTestApp, type TestApp } from './support/test-app.ts';

describe.skipIf(!databaseAvailable)(`Sentry reporting (${dbKind})`, () => {
  let receiver: SentryReceiver;
  let t: TestApp;

  beforeAll(async () => {
    receiver = await startSentryReceiver();
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
        // A proxy's credentials, which reach the route (a Bearer token would be judged first).
        authorization: 'Basic header-secret',
        'content-type': 'application/json',
      },
      payload: { email: 'ana.horvat@example.org', password: 'body-secret', note: 'body-text-secret' },
    });
    expect(response.statusCode).toBe(500);

    await expect
      .poll(() => receiver.envelopes().find((raw) => raw.includes('"type":"event"')), { timeout: 10_000 })
      .toBeTruthy();
    const raw = receiver.envelopes().find((text) => text.includes('"type":"event"')) as string;
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
    const before = receiver.envelopes().length;
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/test/not-found' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/map?bbox=x' })).statusCode).toBe(400);
    await flushSentry();
    expect(
      receiver
        .envelopes()
        .slice(before)
        .filter((raw) => raw.includes('"type":"event"')),
    ).toEqual([]);
  });
});
