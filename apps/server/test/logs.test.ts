import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { migrate } from '../src/db/migrate.ts';
import { MapIndexService } from '../src/map-index/map-index-service.ts';
import { postJson, responseCookie, sessionHeader } from './support/auth.ts';
import {
  mailEnv,
  resetTokenIn,
  type SmtpTestServer,
  startSmtpTestServer,
} from './support/smtp-test-server.ts';
import { createTestDatabase, databaseAvailable, dbKind, type TestDatabase } from './support/test-app.ts';

/** Values no log line may hold: each is sent in one of the requests below. */
const SECRET = {
  nearLat: '45.8123457',
  coversLng: '15.9876543',
  originLat: '45.7654321',
  search: 'Zqxwvcafe',
  email: 'log.probe.4711@example.org',
  password: 'Lantern-Quokka-Velvet-9931',
  address: '203.0.113.77',
  forwarded: '198.51.100.23',
  badToken: 'QWxhZGRpbjpvcGVuIHNlc2FtZQQWxhZGRpbjpvcGVuIHN',
  // The exact spot of a place proposed with a 100 m public radius.
  proposedLat: '45.8765431',
  proposedLng: '15.1234567',
  placeName: 'Xylophone Qwerty Garden',
  followEmail: 'follow.probe.4712@example.org',
};

describe.skipIf(!databaseAvailable)(`what the logs hold (${dbKind})`, () => {
  let db: TestDatabase;
  let mapIndex: MapIndexService;
  let app: FastifyInstance;
  let log = '';
  let token = '';
  /** The tokens of the e-mails sent (a reset link, a follow's confirmation), once received. */
  const mailed: Record<string, string> = {};
  let smtp: SmtpTestServer;

  beforeAll(async () => {
    smtp = await startSmtpTestServer();
    db = await createTestDatabase({ LOG_LEVEL: 'trace', ...mailEnv(smtp) });
    await migrate(db.database);
    mapIndex = new MapIndexService(db.database, { maxZoom: db.config.map.maxZoom });
    await mapIndex.rebuild();
    const logStream = new Writable({
      write(chunk, _encoding, done) {
        log += chunk.toString();
        done();
      },
    });
    app = await buildApp(db.config, { database: db.database, mapIndex, logStream, jobs: { pollMs: 100 } });
    await app.ready();

    const from = { remoteAddress: SECRET.address, headers: { 'x-forwarded-for': SECRET.forwarded } };
    const get = (url: string, headers: Record<string, string> = {}) =>
      app.inject({
        method: 'GET',
        url,
        remoteAddress: SECRET.address,
        headers: { ...from.headers, ...headers },
      });
    // Registering e-mails a link; following it makes the account and signs in.
    await postJson(
      app,
      '/api/v1/auth/register',
      { email: SECRET.email, password: SECRET.password, displayName: 'Log Probe' },
      from,
    );
    const [registration] = await smtp.waitFor(SECRET.email);
    mailed.registrationToken =
      /complete-registration\?token=([A-Za-z0-9_-]{43})/.exec(registration?.parsed.text ?? '')?.[1] ?? '';
    expect(mailed.registrationToken).not.toBe('');
    const registered = await postJson(
      app,
      '/api/v1/auth/register/confirm',
      { token: mailed.registrationToken },
      from,
    );
    token = responseCookie(registered)?.value ?? '';
    expect(token).not.toBe('');
    const { rows } = await db.database.query<{ id: number }>(
      `INSERT INTO categories (slug, name, color, icon) VALUES ('probe', '{"en":"Probe","hr":"Proba"}', '#000000', 'x')
       RETURNING id`,
    );
    const proposed = await postJson(
      app,
      '/api/v1/places',
      {
        categoryId: rows[0]?.id,
        name: { en: SECRET.placeName },
        lat: Number(SECRET.proposedLat),
        lng: Number(SECRET.proposedLng),
        radius: 100,
      },
      { ...from, headers: { ...from.headers, ...sessionHeader(token) } },
    );
    expect(proposed.statusCode, proposed.body).toBe(201);
    await get(`/api/v1/places?near=${SECRET.nearLat},15.9&radius=1000`);
    await get(`/api/v1/places?covers=45.8,${SECRET.coversLng}`);
    await get(`/api/v1/places?q=${SECRET.search}&origin=${SECRET.originLat},15.9`);
    await get(`/api/v1/places/suggestions?q=${SECRET.search}`);
    // Address search, found and not found, and the address at a point.
    await get(`/api/v1/geocode?q=${SECRET.search}&near=${SECRET.nearLat},15.9`);
    await get('/api/v1/geocode?q=Samobor');
    await get(`/api/v1/geocode/reverse?lat=${SECRET.nearLat}&lng=${SECRET.coversLng}&precision=100m`);
    await get('/api/v1/auth/me', sessionHeader(token));
    await get('/api/v1/auth/me', sessionHeader(SECRET.badToken));
    await get(`/api/v1/no-such-thing?q=${SECRET.search}`);
    // E-mail: a reset link and a follow's confirmation, sent through the real SMTP server and used.
    await postJson(app, '/api/v1/auth/password-reset', { email: SECRET.email }, from);
    await postJson(
      app,
      '/api/v1/follows',
      { email: SECRET.followEmail, point: { lat: 45.8, lng: 15.9 }, frequency: 'daily' },
      from,
    );
    const reset = await smtp.waitForMatch(SECRET.email, (mail) =>
      mail.messageId.startsWith('<password-reset.'),
    );
    mailed.resetToken = resetTokenIn(reset);
    const follow = await smtp.waitFor(SECRET.followEmail);
    mailed.confirmToken = /confirm\?token=([A-Za-z0-9_-]{43})/.exec(follow[0]?.parsed.text ?? '')?.[1] ?? '';
    expect(mailed.confirmToken).not.toBe('');
    await postJson(app, '/api/v1/follows/confirm', { token: mailed.confirmToken }, from);
    await postJson(
      app,
      '/api/v1/auth/password-reset/confirm',
      { token: mailed.resetToken, password: 'x' },
      from,
    );
    // Past the per-address sign-in limit, so the limit's own warning is written too.
    for (let attempt = 0; attempt < 12; attempt += 1) {
      await postJson(
        app,
        '/api/v1/auth/login',
        { email: SECRET.email, password: `${SECRET.password}x` },
        from,
      );
    }
  });
  afterAll(async () => {
    await app?.close();
    await mapIndex?.close();
    await db?.dispose();
    await smtp?.stop();
  });

  it('writes one line per request with the route pattern and the status', () => {
    const lines = log
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    const completed = lines.filter((line) => line.msg === 'request completed');
    expect(completed).toContainEqual(
      expect.objectContaining({ method: 'GET', route: '/api/v1/places', status: 200 }),
    );
    expect(completed).toContainEqual(expect.objectContaining({ route: '/api/v1/auth/login', status: 429 }));
    expect(completed).toContainEqual(expect.objectContaining({ route: null, status: 404 }));
    expect(completed).toContainEqual(
      expect.objectContaining({ route: '/api/v1/follows/confirm', status: 200 }),
    );
    expect(lines.some((line) => line.msg === 'rate limit reached')).toBe(true);
  });

  it('warns once that X-Forwarded-For arrives while TRUST_PROXY is off', () => {
    const warnings = log.split('\n').filter((line) => line.includes('X-Forwarded-For'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('TRUST_PROXY');
  });

  it('holds no position, search text, e-mail, password, token or client address', () => {
    expect(log.length).toBeGreaterThan(0);
    for (const [name, value] of Object.entries({ ...SECRET, token, ...mailed })) {
      expect(log.includes(value), `${name} (${value}) is in the log`).toBe(false);
      expect(log.includes(encodeURIComponent(value)), `${name} (encoded) is in the log`).toBe(false);
    }
    expect(log).not.toContain('near=');
    expect(log).not.toContain('covers=');
    expect(log).not.toContain('Samobor');
    expect(log).toContain('/api/v1/geocode');
  });
});
