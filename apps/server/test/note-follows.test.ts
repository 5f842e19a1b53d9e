import { Follow, Note, OwnPlace } from '@karta/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeClosedAlerts } from '../src/follows/closed-alerts.ts';
import { writeDueFollowDigests } from '../src/follows/follow-digests.ts';
import { nextAddress, postJson, signedInUser, uniqueEmail } from './support/auth.ts';
import {
  mailEnv,
  type ReceivedMail,
  type SmtpTestServer,
  startSmtpTestServer,
} from './support/smtp-test-server.ts';
import { databaseAvailable, dbKind, startTestApp, type TestApp } from './support/test-app.ts';

type User = Awaited<ReturnType<typeof signedInUser>>;

/** Boxes far from the demo data and from each other, so each test sees only its own notes. */
const RIVER = { west: 16.1, south: 43.1, east: 16.3, north: 43.3 };
const HILLS = { west: 15.1, south: 43.1, east: 15.3, north: 43.3 };

const tokenIn = (mail: ReceivedMail) =>
  new URL(
    (mail.parsed.text ?? '').split(/\s+/).find((word) => word.includes('/follows/confirm?token=')) ?? '',
  ).searchParams.get('token') ?? '';

describe.skipIf(!databaseAvailable)(`notes for followers and feed readers (${dbKind})`, () => {
  let smtp: SmtpTestServer;
  let t: TestApp;
  let moderator: User;
  let categoryId: number;

  async function confirmedFollow(body: Record<string, unknown>): Promise<Follow> {
    const email = body.email as string;
    const asked = await postJson(
      t.app,
      '/api/v1/follows',
      { frequency: 'daily', ...body },
      { remoteAddress: nextAddress() },
    );
    expect(asked.statusCode, asked.body).toBe(204);
    const mail = await smtp.waitForMatch(email, (item) => item.messageId.startsWith('<follow-confirm.'));
    const confirmed = await postJson(t.app, '/api/v1/follows/confirm', { token: tokenIn(mail) });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    return Follow.parse(confirmed.json());
  }
  async function published(name: string, at: { lat: number; lng: number }, extra: object = {}) {
    const created = await postJson(
      t.app,
      '/api/v1/places',
      { categoryId, name: { en: name }, ...at, ...extra },
      { headers: moderator.headers },
    );
    const place = OwnPlace.parse(created.json());
    const moved = await postJson(
      t.app,
      `/api/v1/places/${place.id}/transition`,
      { to: 'published', version: place.version },
      { headers: moderator.headers },
    );
    expect(moved.statusCode, moved.body).toBe(200);
    return place.id;
  }
  async function note(placeId: number, body: object) {
    const response = await postJson(
      t.app,
      `/api/v1/places/${placeId}/notes`,
      { language: 'en', ...body },
      { headers: moderator.headers, remoteAddress: nextAddress() },
    );
    expect(response.statusCode, response.body).toBe(201);
    return Note.parse(response.json());
  }
  const alertsTo = (email: string) =>
    smtp.to(email).filter((mail) => mail.messageId.startsWith('<closed-alert.'));
  const runAlerts = () => writeClosedAlerts(t.database, t.app.mailer, 'en');

  beforeAll(async () => {
    smtp = await startSmtpTestServer();
    t = await startTestApp({ env: mailEnv(smtp), jobs: { pollMs: 100 } });
    moderator = await signedInUser(t.app, 'moderator');
    await t.database.query(`UPDATE users SET review_mail = 'off' WHERE id = $1`, [moderator.id]);
    categoryId = (await t.database.query<{ id: number }>('SELECT id FROM categories ORDER BY id LIMIT 1'))
      .rows[0]?.id as number;
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.stop();
  });

  it('e-mails at once, and once, the followers who asked when a place they follow is reported closed', async () => {
    const alerted = uniqueEmail('alerted');
    const digestOnly = uniqueEmail('digest-only');
    const elsewhere = uniqueEmail('elsewhere');
    const spotFollower = uniqueEmail('spot');
    const follow = await confirmedFollow({ email: alerted, bbox: RIVER, alerts: true, language: 'hr' });
    expect(follow.alerts).toBe(true);
    expect((await confirmedFollow({ email: digestOnly, bbox: RIVER })).alerts).toBe(false);
    await confirmedFollow({ email: elsewhere, bbox: HILLS, alerts: true });
    await confirmedFollow({ email: spotFollower, point: { lat: 43.2, lng: 16.2 }, alerts: true });

    const tap = await published('River tap', { lat: 43.2, lng: 16.2 }, { radius: 500 });
    await note(tap, { kind: 'status', text: 'Queue is long', effect: 'limited' });
    expect(await runAlerts()).toBe(0);
    await note(tap, { kind: 'status', text: 'No water today', effect: 'closed_now' });
    const [first, second] = await Promise.all([runAlerts(), runAlerts()]);
    expect(first + second).toBe(2);
    expect(await runAlerts()).toBe(0);
    const isAlert = (item: ReceivedMail) => item.messageId.startsWith('<closed-alert.');
    const mail = await smtp.waitForMatch(alerted, isAlert);
    await smtp.waitForMatch(spotFollower, isAlert);
    await t.app.mailer.flush();
    expect(alertsTo(alerted)).toHaveLength(1);
    expect(mail.parsed.subject).toBe('Prijavljeno danas zatvoreno: River tap');
    expect(mail.parsed.text).toContain('“No water today”');
    expect(mail.parsed.text).toContain(`http://karta.example.org/places/${tap}`);
    expect(alertsTo(spotFollower)).toHaveLength(1);
    expect(alertsTo(digestOnly)).toHaveLength(0);
    expect(alertsTo(elsewhere)).toHaveLength(0);
  });

  it('sends no alert for a note that ended or was hidden before its turn', async () => {
    const email = uniqueEmail('late');
    await confirmedFollow({ email, bbox: HILLS, alerts: true });
    const hut = await published('Hill hut', { lat: 43.2, lng: 15.2 });
    const ended = await note(hut, { kind: 'status', text: 'Closed for the storm', effect: 'closed_now' });
    await t.database.query(`UPDATE place_notes SET expires_at = now() - interval '1 minute' WHERE id = $1`, [
      ended.id,
    ]);
    expect(await runAlerts()).toBe(0);
    expect(
      (await t.database.query('SELECT alerted_at FROM place_notes WHERE id = $1', [ended.id])).rows[0],
    ).toMatchObject({ alerted_at: expect.any(Date) });
  });

  it('lists published notes in the followers’ digests and the places feed, never hidden ones', async () => {
    const email = uniqueEmail('digest');
    const followed = await confirmedFollow({
      email,
      bbox: { west: 14.1, south: 42.1, east: 14.3, north: 42.3 },
    });
    const bench = await published('Shady bench', { lat: 42.2, lng: 14.2 });
    await note(bench, { kind: 'comment', text: 'Best shade in town.' });
    const hidden = await note(bench, { kind: 'comment', text: 'Buy cheap watches' });
    const moved = await postJson(
      t.app,
      `/api/v1/notes/${hidden.id}/transition`,
      { to: 'hidden', reason: 'Spam' },
      { headers: moderator.headers },
    );
    expect(moved.statusCode, moved.body).toBe(200);
    await t.database.query(
      `UPDATE follows SET digest_until = digest_until - interval '25 hours' WHERE id = $1`,
      [followed.id],
    );
    expect(await writeDueFollowDigests(t.database, t.app.mailer, 'en')).toBeGreaterThanOrEqual(1);
    const digest = await smtp.waitForMatch(email, (mail) => mail.messageId.startsWith('<follow-digest.'));
    const text = digest.parsed.text ?? '';
    expect(text).toContain(
      `Comment: Shady bench: “Best shade in town.” – http://karta.example.org/places/${bench}`,
    );
    expect(text).not.toContain('watches');

    const feed = await t.app.inject({ url: '/api/v1/feeds/places.atom?bbox=14.1,42.1,14.3,42.3' });
    expect(feed.statusCode, feed.body).toBe(200);
    const entries = feed.body.split('<entry>').slice(1);
    const noteEntries = entries.filter((entry) => entry.includes('#note-'));
    expect(noteEntries).toHaveLength(1);
    expect(noteEntries[0]).toContain('Shady bench: new comment');
    expect(noteEntries[0]).toContain('Best shade in town.');
    expect(feed.body).not.toContain('watches');
    // Newest first: the note, written after the place was published, comes before its publication.
    expect(entries.findIndex((entry) => entry.includes('#note-'))).toBeLessThan(
      entries.findIndex((entry) => entry.includes('#change-')),
    );
  });
});
