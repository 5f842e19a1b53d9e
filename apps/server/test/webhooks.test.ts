import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextAddress, signedInUser } from './support/auth.ts';
import { insertPlace } from './support/places.ts';
import { databaseAvailable, dbKind, startTestApp, type TestApp } from './support/test-app.ts';

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
}

/** A partner's endpoint on this machine: records what it is sent, answers `status()`. */
async function startReceiver(status: () => number) {
  const received: Received[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        at: Date.now(),
      });
      response.writeHead(status()).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function until<T>(check: () => T | undefined, timeoutMs = 10_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe.skipIf(!databaseAvailable)(`webhooks (${dbKind})`, () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let moderator: Record<string, string>;
  let healthy: Awaited<ReturnType<typeof startReceiver>>;
  let failing: Awaited<ReturnType<typeof startReceiver>>;
  let categories: number[];

  const post = (url: string, payload: unknown, headers = admin) =>
    t.app.inject({
      method: 'POST',
      url,
      remoteAddress: nextAddress(),
      headers: { 'content-type': 'application/json', ...headers },
      payload: payload as object,
    });

  beforeAll(async () => {
    t = await startTestApp({
      env: { WEBHOOK_ALLOW_PRIVATE: 'true', PUBLIC_URL: 'http://karta.example.org' },
      jobs: { pollMs: 50 },
      webhooks: { retryWaitsMs: [100, 100, 100, 100, 100, 100, 100] },
    });
    admin = (await signedInUser(t.app, 'admin')).headers;
    moderator = (await signedInUser(t.app, 'moderator')).headers;
    healthy = await startReceiver(() => 204);
    failing = await startReceiver(() => 503);
    categories = (
      await t.database.query<{ id: number }>('SELECT id FROM categories ORDER BY id LIMIT 2')
    ).rows.map((row) => Number(row.id));
  });
  afterAll(async () => {
    await t?.close();
    await healthy?.close();
    await failing?.close();
  });

  it('tells a partner of a place published by a moderator, signed, once, within seconds, as visitors see it', async () => {
    const made = await post('/api/v1/webhooks', {
      url: healthy.url,
      events: ['place.published', 'place.archived'],
      categories: [categories[0]],
    });
    expect(made.statusCode, made.body).toBe(201);
    const { id: webhookId, secret } = made.json() as { id: number; secret: string };
    expect(secret).toMatch(/^whsec_/);
    const listed = await t.app.inject({ method: 'GET', url: '/api/v1/webhooks', headers: admin });
    expect(listed.body).not.toContain(secret);

    // A place of another category and a pending one are not announced.
    await insertPlace(t.database, { status: 'published', authorId: null, categoryId: categories[1] });
    const id = await insertPlace(t.database, {
      status: 'pending',
      authorId: null,
      categoryId: categories[0],
      lat: 45.81234567,
      lng: 15.97654321,
      privacy: '1km',
      name: 'Hidden spring',
    });
    const publishedAt = Date.now();
    const publish = await post(`/api/v1/places/${id}/transition`, { to: 'published', version: 1 }, moderator);
    expect(publish.statusCode, publish.body).toBe(200);

    const first = await until(() => healthy.received[0]);
    expect(first.at - publishedAt).toBeLessThan(3_000);
    // The real library verifies the signature, as a partner's code would.
    const payload = new Webhook(secret).verify(first.body, first.headers as Record<string, string>) as {
      type: string;
      data: { place: { id: number; name: string; lat: number; lng: number }; url: string };
    };
    expect(payload.type).toBe('place.published');
    expect(payload.data.place.id).toBe(id);
    expect(payload.data.url).toBe(`http://karta.example.org/places/${id}`);
    // The public position only: a 1 km place is never sent at its exact point.
    expect(first.body).not.toContain('45.81234567');
    expect(first.body).not.toContain('15.97654321');
    expect(() =>
      new Webhook('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw').verify(
        first.body,
        first.headers as Record<string, string>,
      ),
    ).toThrow();

    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(healthy.received).toHaveLength(1);
    const log = await t.app.inject({
      method: 'GET',
      url: `/api/v1/webhooks/${webhookId}/deliveries`,
      headers: admin,
    });
    expect(log.json()).toMatchObject({
      items: [{ event: 'place.published', subjectId: id, attempts: 1, lastStatus: 204, givenUpAt: null }],
    });
    expect((log.json() as { items: { messageId: string }[] }).items[0]?.messageId).toBe(
      first.headers['webhook-id'],
    );

    // Archiving it is told too; a place of another category still is not.
    const archive = await post(`/api/v1/places/${id}/transition`, { to: 'archived', version: 2 }, moderator);
    expect(archive.statusCode, archive.body).toBe(200);
    const second = await until(() => healthy.received[1]);
    expect(JSON.parse(second.body)).toMatchObject({ type: 'place.archived', data: { place: { id } } });
    await t.app.inject({ method: 'DELETE', url: `/api/v1/webhooks/${webhookId}`, headers: admin });
  });

  it('retries a failing endpoint, gives each delivery up after its last attempt, and switches the webhook off', async () => {
    const made = await post('/api/v1/webhooks', { url: failing.url, events: ['flag.created'] });
    const { id: webhookId } = made.json() as { id: number };
    const place = await insertPlace(t.database, { status: 'published', authorId: null });
    for (let i = 0; i < 3; i += 1) {
      const flag = await post(`/api/v1/places/${place}/flags`, { reason: 'does_not_exist' }, {});
      expect(flag.statusCode, flag.body).toBe(201);
    }
    // Three deliveries of eight attempts each: every one tried until given up, then the webhook is off.
    const state = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/v1/webhooks', headers: admin })).json() as {
        items: { id: number; disabledAt: string | null; failuresInARow: number }[];
      };
    const end = Date.now() + 20_000;
    let off = (await state()).items.find((item) => item.id === webhookId);
    while (!off?.disabledAt && Date.now() < end) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      off = (await state()).items.find((item) => item.id === webhookId);
    }
    expect(off).toMatchObject({ failuresInARow: 3, disabledAt: expect.any(String) });
    expect(failing.received).toHaveLength(24);
    // Each attempt of a delivery carries the same message id.
    expect(new Set(failing.received.map((request) => request.headers['webhook-id'])).size).toBe(3);
    const log = (
      await t.app.inject({ method: 'GET', url: `/api/v1/webhooks/${webhookId}/deliveries`, headers: admin })
    ).json() as { items: { attempts: number; lastStatus: number; givenUpAt: string | null }[] };
    expect(log.items.map((item) => [item.attempts, item.lastStatus, item.givenUpAt !== null])).toEqual([
      [8, 503, true],
      [8, 503, true],
      [8, 503, true],
    ]);

    // Switched off, it is sent nothing more; switched on again, it is.
    await post(`/api/v1/places/${place}/flags`, { reason: 'duplicate' }, {});
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(failing.received).toHaveLength(24);
    const on = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/webhooks/${webhookId}`,
      remoteAddress: nextAddress(),
      headers: { 'content-type': 'application/json', ...admin },
      payload: { enabled: true },
    });
    expect(on.json()).toMatchObject({ disabledAt: null, failuresInARow: 0 });
    await post(`/api/v1/places/${place}/flags`, { reason: 'wrong_information' }, {});
    await until(() => (failing.received.length > 24 ? true : undefined));
    await t.app.inject({ method: 'DELETE', url: `/api/v1/webhooks/${webhookId}`, headers: admin });
  });

  it('refuses an address on a private network unless the site allows them', async () => {
    const strict = await startTestApp({ demo: false });
    try {
      const strictAdmin = (await signedInUser(strict.app, 'admin')).headers;
      for (const url of [
        'http://127.0.0.1:8080/hook',
        'http://localhost/hook',
        'http://[::1]/',
        'http://169.254.169.254/latest',
        'http://10.1.2.3/',
      ]) {
        const response = await strict.app.inject({
          method: 'POST',
          url: '/api/v1/webhooks',
          remoteAddress: nextAddress(),
          headers: { 'content-type': 'application/json', ...strictAdmin },
          payload: { url, events: ['place.published'] },
        });
        expect(response.statusCode, url).toBe(400);
        expect(response.json()).toMatchObject({
          error: { code: 'validation_error', details: [{ path: 'url' }] },
        });
      }
      const { rows } = await strict.database.query('SELECT 1 FROM webhooks');
      expect(rows).toEqual([]);
    } finally {
      await strict.close();
    }
  });
});
