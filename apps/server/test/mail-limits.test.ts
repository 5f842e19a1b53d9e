import { ErrorBody } from '@karta/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_UNANSWERED_FOLLOW_MAILS } from '../src/follows/follow-repository.ts';
import { RECIPIENT_LIMITS } from '../src/mail/outbox.ts';
import { nextAddress, postJson, signedInUser, uniqueEmail } from './support/auth.ts';
import {
  mailEnv,
  type ReceivedMail,
  type SmtpTestServer,
  startSmtpTestServer,
} from './support/smtp-test-server.ts';
import {
  databaseAvailable,
  dbKind,
  type ServerInstance,
  startInstance,
  startTestApp,
  type TestApp,
} from './support/test-app.ts';

const [HOURLY, DAILY] = RECIPIENT_LIMITS['password-reset'] ?? [];

/** Another instance of Karta on the test's database, with its own memory (rate limits, sender). */
describe.skipIf(!databaseAvailable)(`mail a stranger can have sent to an address (${dbKind})`, () => {
  let smtp: SmtpTestServer;
  let t: TestApp;
  /** A second instance beside `t.app` for the whole file; a test may restart it. */
  let other: ServerInstance;

  /** A second instance on the same database, sending mail as the first does. */
  const startOther = () => startInstance(t, { jobs: { pollMs: 100 } });
  /** A restart of the second instance: everything it kept in memory is gone. */
  async function restartOther(): Promise<void> {
    await other.close();
    other = await startOther();
  }
  const instances = () => [t.app, other.app];

  /** Messages of `kind` (a key's first part) to `email` in the outbox: what was queued at all. */
  async function queued(email: string, kind: string): Promise<number> {
    const { rows } = await t.database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM mail_outbox WHERE lower(recipient) = lower($1) AND idempotency_key LIKE $2`,
      [email, `${kind}.%`],
    );
    return rows[0]?.n ?? 0;
  }
  /** Messages of `kind` to `email` received once both senders have sent what is due. */
  async function received(email: string, kind: string, expected: number): Promise<ReceivedMail[]> {
    const ofKind = () => smtp.to(email).filter((mail) => mail.messageId.startsWith(`<${kind}.`));
    if (expected > 0) await smtp.waitForMatch(email, () => ofKind().length >= expected);
    await Promise.all(instances().map((app) => app.mailer.flush()));
    return ofKind();
  }
  /** As if the messages of `kind` to `email` had been written `minutes` earlier. */
  const age = (email: string, kind: string, minutes: number) =>
    t.database.query(
      `UPDATE mail_outbox SET created_at = created_at - make_interval(mins => $3)
       WHERE lower(recipient) = lower($1) AND idempotency_key LIKE $2`,
      [email, `${kind}.%`, minutes],
    );

  const requestReset = (app: FastifyInstance, email: string) =>
    postJson(app, '/api/v1/auth/password-reset', { email }, { remoteAddress: nextAddress() });
  const follow = (app: FastifyInstance, email: string, n: number) =>
    postJson(
      app,
      '/api/v1/follows',
      { email, frequency: 'daily', point: { lat: 44.1 + n / 1000, lng: 17.2 } },
      { remoteAddress: nextAddress() },
    );
  const followsOf = async (email: string) =>
    (
      await t.database.query<{ id: number; confirmed: boolean }>(
        `SELECT id, confirmed_at IS NOT NULL AS confirmed FROM follows WHERE email_key = lower($1) ORDER BY id`,
        [email],
      )
    ).rows;

  beforeAll(async () => {
    smtp = await startSmtpTestServer();
    t = await startTestApp({ demo: false, env: mailEnv(smtp), jobs: { pollMs: 100 } });
    other = await startOther();
  });
  afterAll(async () => {
    await other?.close();
    await t?.close();
    await smtp?.stop();
  });

  it('sends an address 3 reset links an hour, whichever instance is asked, before and after a restart, answering every request alike', async () => {
    expect(HOURLY).toEqual({ max: 3, withinSeconds: 3600 });
    const user = await signedInUser(t.app);
    const nobody = uniqueEmail('nobody');
    // Six requests, three on each instance: each instance alone would allow three.
    for (let i = 0; i < 6; i += 1) {
      const app = instances()[i % 2] as FastifyInstance;
      const [known, unknown] = [await requestReset(app, user.email), await requestReset(app, nobody)];
      expect(known.statusCode, known.body).toBe(204);
      expect([known.statusCode, known.body]).toEqual([unknown.statusCode, unknown.body]);
    }
    expect(await received(user.email, 'password-reset', 3)).toHaveLength(3);
    expect(await queued(user.email, 'password-reset')).toBe(3);
    // No link is kept that was never sent.
    const { rows: links } = await t.database.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM password_resets WHERE user_id = $1',
      [user.id],
    );
    expect(links[0]?.n).toBe(3);

    // A restart forgets nothing; the address's case does not make it another.
    await restartOther();
    expect((await requestReset(other.app, user.email.toUpperCase())).statusCode).toBe(204);
    expect(await queued(user.email, 'password-reset')).toBe(3);

    // An hour later there is room again.
    await age(user.email, 'password-reset', 61);
    expect((await requestReset(other.app, user.email)).statusCode).toBe(204);
    expect(await received(user.email, 'password-reset', 4)).toHaveLength(4);
    expect(await queued(nobody, 'password-reset')).toBe(0);
  });

  it('sends an address at most 10 reset links a day', async () => {
    expect(DAILY).toEqual({ max: 10, withinSeconds: 24 * 3600 });
    const user = await signedInUser(t.app);
    // Every two hours, as many as the hour allows, until the day's limit holds.
    for (let round = 0; round < 5; round += 1) {
      for (let i = 0; i < 3; i += 1) await requestReset(instances()[i % 2] as FastifyInstance, user.email);
      await age(user.email, 'password-reset', 120);
    }
    expect(await queued(user.email, 'password-reset')).toBe(10);
  });

  it('sends an account 3 verification links an hour, whichever instance is asked, and tells its user when to ask again', async () => {
    const user = await signedInUser(t.app);
    // An account whose address is not proven yet, whatever proved this one's.
    await t.database.query('UPDATE users SET email_verified_at = NULL WHERE id = $1', [user.id]);
    const resend = (app: FastifyInstance) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/auth/verify-email/resend',
        headers: user.headers,
        remoteAddress: nextAddress(),
      });
    // Up to three (the link sent at registration, if one was, counts), across both instances.
    const sent = await queued(user.email, 'verify-email');
    for (const app of [other.app, t.app, other.app].slice(sent))
      expect((await resend(app)).statusCode).toBe(204);
    for (const app of instances()) {
      const refused = await resend(app);
      expect(refused.statusCode, refused.body).toBe(429);
      expect(ErrorBody.parse(refused.json()).error.code).toBe('rate_limited');
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(3000);
      expect(retryAfter).toBeLessThanOrEqual(3600);
    }
    await restartOther();
    expect((await resend(other.app)).statusCode).toBe(429);
    expect(await received(user.email, 'verify-email', 3)).toHaveLength(3);
    expect(await queued(user.email, 'verify-email')).toBe(3);
  });

  it('holds an address to 3 unanswered follow e-mails, whichever instance is asked and after a restart', async () => {
    expect(MAX_UNANSWERED_FOLLOW_MAILS).toBe(3);
    const victim = uniqueEmail('victim');
    const fresh = uniqueEmail('fresh');
    // A stranger asks five times, across both instances: each instance alone would allow five.
    for (let n = 0; n < 5; n += 1) {
      const app = instances()[n % 2] as FastifyInstance;
      const [asked, someone] = [await follow(app, victim, n), await follow(app, uniqueEmail('someone'), n)];
      expect([asked.statusCode, asked.body]).toEqual([204, '']);
      expect([asked.statusCode, asked.body]).toEqual([someone.statusCode, someone.body]);
    }
    await restartOther();
    expect((await follow(other.app, victim.toUpperCase(), 9)).statusCode).toBe(204);
    // Three follows wait, and only their three confirmations were sent; nor a manage link more.
    expect(await followsOf(victim)).toHaveLength(3);
    const confirmations = await received(victim, 'follow-confirm', 3);
    expect(confirmations).toHaveLength(3);
    expect(await queued(victim, 'follow-confirm')).toBe(3);
    const { rows: links } = await t.database.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM follow_manage_links WHERE email_key = lower($1)',
      [victim],
    );
    expect(links[0]?.n).toBe(3);

    // The address's owner confirms one: that place is theirs, and a new follow may wait in it.
    const token = /follows\/confirm\?token=([A-Za-z0-9_-]{43})/.exec(
      confirmations[0]?.parsed.text ?? '',
    )?.[1];
    const confirmed = await postJson(other.app, '/api/v1/follows/confirm', { token });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((await follow(t.app, victim, 10)).statusCode).toBe(204);
    expect((await follow(t.app, victim, 11)).statusCode).toBe(204);
    expect((await followsOf(victim)).map((row) => row.confirmed)).toEqual([true, false, false, false]);
    expect(await queued(victim, 'follow-confirm')).toBe(4);

    // A week later the unconfirmed ones are gone, and so is what they held.
    await t.database.query(
      `UPDATE follows SET created_at = created_at - interval '8 days' WHERE email_key = lower($1) AND confirmed_at IS NULL`,
      [victim],
    );
    expect((await follow(other.app, victim, 12)).statusCode).toBe(204);
    expect(await queued(victim, 'follow-confirm')).toBe(5);
    // Someone else's address was never held up.
    expect((await follow(t.app, fresh, 1)).statusCode).toBe(204);
    expect(await queued(fresh, 'follow-confirm')).toBe(1);
  });

  it('counts "you follow as many as you can" notices among the unanswered follow e-mails', async () => {
    const busy = uniqueEmail('busy');
    await t.database.query(
      `INSERT INTO follows (email, email_key, kind, lat, lng, frequency, language, confirmed_at)
       SELECT $1, lower($1), 'spot', 44.2, 17.2, 'daily', 'en', now() FROM generate_series(1, 20)`,
      [busy],
    );
    // One notice an hour at most (its key); each hour's request, from either instance, another.
    for (let hour = 0; hour < 5; hour += 1) {
      expect((await follow(instances()[hour % 2] as FastifyInstance, busy, hour)).statusCode).toBe(204);
      // As if written an hour earlier, under an earlier hour's key.
      await t.database.query(
        `UPDATE mail_outbox SET idempotency_key = idempotency_key || ':' || id, created_at = created_at - interval '1 hour'
         WHERE lower(recipient) = lower($1) AND idempotency_key LIKE 'follows-full.%' AND idempotency_key NOT LIKE '%:%'`,
        [busy],
      );
    }
    expect(await queued(busy, 'follows-full')).toBe(3);
    expect(await followsOf(busy)).toHaveLength(20);
  });
});
