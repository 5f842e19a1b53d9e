import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import nodemailer, { type Transporter } from 'nodemailer';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM_ACTOR } from '../src/audit/record-audit.ts';
import type { Database } from '../src/db/database.ts';
import { migrate } from '../src/db/migrate.ts';
import { openDatabase } from '../src/db/open-database.ts';
import { createJobQueue } from '../src/jobs/job-queue.ts';
import { createJobRunner } from '../src/jobs/job-runner.ts';
import { failureOf, mailSendHandler } from '../src/mail/mail-sender.ts';
import { createOutbox, enqueueMail, type OutgoingMail } from '../src/mail/outbox.ts';
import { type SmtpTestServer, startSmtpTestServer } from './support/smtp-test-server.ts';
import { createTestDatabase, databaseAvailable, dbKind, type TestDatabase } from './support/test-app.ts';

const CHILD = fileURLToPath(new URL('./support/enqueue-then-die.ts', import.meta.url));
const quiet = { warn: () => undefined, info: () => undefined };

function message(key: string, to = `${key.replace(/\W/g, '-')}@example.org`): OutgoingMail {
  return { key, to, subject: `About ${key}`, text: `Text of ${key}`, html: `<p>HTML of ${key}</p>` };
}

describe.skipIf(!databaseAvailable)(`mail outbox and sender (${dbKind})`, () => {
  let smtp: SmtpTestServer;
  let db: TestDatabase;
  let database: Database;
  const transports: Transporter[] = [];

  /** A sender as an instance has one: a job runner with the mail handler. */
  function sender(on: Database = database, options: { leaseMs?: number; firstRetryMs?: number } = {}) {
    const transport = nodemailer.createTransport({ url: smtp.url, connectionTimeout: 2_000 });
    transports.push(transport);
    const send = mailSendHandler({
      database: on,
      transport,
      from: 'Karta <karta@example.org>',
      messageIdDomain: 'example.org',
      firstRetryMs: options.firstRetryMs,
    });
    const runner = createJobRunner({
      database: on,
      handlers: [send],
      log: quiet,
      pollMs: 100,
      leaseMs: options.leaseMs,
    });
    return { sendDue: () => runner.runDue(), start: () => runner.start(), stop: () => runner.stop() };
  }

  // One database for the file (each test has keys and addresses of its own).
  beforeAll(async () => {
    smtp = await startSmtpTestServer();
    db = await createTestDatabase();
    database = db.database;
    await migrate(database);
  });
  afterAll(async () => {
    if (database !== db?.database) await database?.close();
    await db?.dispose();
    await smtp?.stop();
  });
  afterEach(() => {
    for (const transport of transports.splice(0)) transport.close();
  });

  it('keeps one message per key, sends it with that key as Message-ID, and never again', async () => {
    expect(await enqueueMail(database, message('notice.1'))).toBe(true);
    expect(await enqueueMail(database, { ...message('notice.1'), subject: 'A second write' })).toBe(false);
    const mails = sender();
    expect(await mails.sendDue()).toBe(1);
    expect(await mails.sendDue()).toBe(0);
    expect(smtp.to('notice-1@example.org').map((mail) => [mail.messageId, mail.parsed.subject])).toEqual([
      ['<notice.1@example.org>', 'About notice.1'],
    ]);
    expect(await createOutbox(database).waiting()).toBe(0);
  });

  it('cannot be made to add a header through a subject', async () => {
    await enqueueMail(database, { ...message('injection.1'), subject: 'Hi\r\nBcc: thief@example.org' });
    await sender().sendDue();
    const [mail] = smtp.to('injection-1@example.org');
    expect(mail?.envelopeTo).toEqual(['injection-1@example.org']);
    expect(mail?.parsed.subject).toBe('Hi Bcc: thief@example.org');
    expect(mail?.parsed.bcc).toBeUndefined();
  });

  it('loses nothing and sends nothing twice through an SMTP outage', async () => {
    const mails = sender(database, { firstRetryMs: 200 });
    await smtp.stop();
    for (let i = 0; i < 5; i += 1) await enqueueMail(database, message(`outage.${i}`));
    mails.start();
    // The sender tries while the server is down: every message is kept, with why it failed.
    const until = Date.now() + 5_000;
    let failed: { attempts: number; last_error: string }[] = [];
    while (Date.now() < until) {
      failed = (
        await database.query<{ attempts: number; last_error: string }>(
          `SELECT jobs.attempts, mail.last_error FROM mail_outbox mail JOIN jobs ON jobs.unique_key = 'mail:' || mail.id
           WHERE mail.sent_at IS NULL AND mail.last_error IS NOT NULL`,
        )
      ).rows;
      if (failed.length === 5 && failed.every((row) => row.attempts >= 2)) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(failed).toHaveLength(5);
    expect(failed[0]?.last_error).toMatch(/ECONNREFUSED|ESOCKET|ECONNECTION/);
    const received = smtp.received.length;

    await smtp.start();
    for (let i = 0; i < 5; i += 1) await smtp.waitFor(`outage-${i}@example.org`);
    await mails.stop();
    // Every message arrived exactly once.
    expect(
      smtp.received
        .slice(received)
        .map((mail) => mail.messageId)
        .sort(),
    ).toEqual([0, 1, 2, 3, 4].map((i) => `<outage.${i}@example.org>`));
    expect(await createOutbox(database).waiting()).toBe(0);
  });

  it('gives up a message the server refuses for good, keeping no address in the reason, until an admin retries it', async () => {
    smtp.rejectRecipients.add('gone@example.org');
    await enqueueMail(database, message('refused.1', 'gone@example.org'));
    await enqueueMail(database, message('fine.1'));
    expect(await sender().sendDue()).toBe(1);
    const { rows } = await database.query<{ last_error: string; job: number; state: string }>(
      `SELECT mail.last_error, jobs.id AS job, jobs.state FROM mail_outbox mail JOIN jobs ON jobs.unique_key = 'mail:' || mail.id
       WHERE mail.idempotency_key = 'refused.1'`,
    );
    expect(rows[0]?.state).toBe('dead');
    expect(rows[0]?.last_error).toContain('<address>');
    expect(rows[0]?.last_error).not.toContain('gone@example.org');
    expect(await sender().sendDue()).toBe(0);
    expect(smtp.to('gone@example.org')).toEqual([]);
    expect(await createOutbox(database).waiting()).toBe(0);

    // The address works again; an admin runs the dead job again, and the message goes.
    smtp.rejectRecipients.delete('gone@example.org');
    await createJobQueue(database).retry(Number(rows[0]?.job), SYSTEM_ACTOR);
    expect(await sender().sendDue()).toBe(1);
    expect(smtp.to('gone@example.org').map((mail) => mail.messageId)).toEqual(['<refused.1@example.org>']);
  });

  it('sends each message once with two senders at work', async () => {
    // On PostgreSQL the second sender has its own connections, as a second instance would.
    const second = dbKind === 'postgres' ? await openDatabase(db.config) : database;
    try {
      const count = 60;
      for (let i = 0; i < count; i += 1)
        await enqueueMail(database, message(`pair.${i}`, 'pair@example.org'));
      const [a, b] = [sender(database), sender(second)];
      const sent = await Promise.all([a.sendDue(), b.sendDue()]);
      expect(sent[0] + sent[1]).toBe(count);
      if (dbKind === 'postgres') expect(Math.min(...sent)).toBeGreaterThan(0);
      const ids = smtp.to('pair@example.org').map((mail) => mail.messageId);
      expect(ids).toHaveLength(count);
      expect(new Set(ids).size).toBe(count);
    } finally {
      if (second !== database) await second.close();
    }
  });

  it('sends each message once when each send outlasts a lease and two senders are at work', async () => {
    const second = dbKind === 'postgres' ? await openDatabase(db.config) : database;
    try {
      const count = 8;
      for (let i = 0; i < count; i += 1)
        await enqueueMail(database, message(`slow.${i}`, 'slow@example.org'));
      // Each message takes 150 ms to be accepted and a lease lasts 100 ms: each send lives on the
      // lease's renewals; the second sender, starting a little later, takes what is still queued.
      smtp.acceptDelayMs = 150;
      const [a, b] = [sender(database, { leaseMs: 100 }), sender(second, { leaseMs: 100 })];
      const first = a.sendDue();
      await new Promise((resolve) => setTimeout(resolve, 400));
      const sent = await Promise.all([first, b.sendDue()]);
      expect(sent[0] + sent[1]).toBe(count);
      const ids = smtp.to('slow@example.org').map((mail) => mail.messageId);
      expect(ids.toSorted()).toEqual([...new Set(ids)].toSorted());
      expect(ids).toHaveLength(count);
      // Both took part.
      expect(Math.min(...sent)).toBeGreaterThan(0);
    } finally {
      smtp.acceptDelayMs = 0;
      if (second !== database) await second.close();
    }
  });

  it.each(['commit', 'claim'] as const)(
    'sends once what a process killed after its %s had written',
    async (mode) => {
      // PGlite's folder belongs to one process at a time: the child takes it, then the test again.
      if (dbKind === 'pglite') await database.close();
      const env = {
        ...process.env,
        LOG_LEVEL: 'silent',
        DATA_DIR: db.config.dataDir,
        ...(db.config.databaseUrl ? { DATABASE_URL: db.config.databaseUrl } : {}),
      };
      const to = `crash-${mode}@example.org`;
      const child = spawnSync(process.execPath, ['--import', 'tsx', CHILD, mode, `crash.${mode}`, to], {
        env,
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(child.signal, child.stderr).toBe('SIGKILL');
      expect(child.stdout).toContain('committed');

      // The restart: a new process's database handle and sender.
      if (dbKind === 'pglite') database = await openDatabase(db.config);
      const mails = sender(database);
      mails.start();
      await smtp.waitFor(to, 1, 15_000);
      // A claim the dead process held lapses (2 s); after that, nothing more is sent.
      await new Promise((resolve) => setTimeout(resolve, 500));
      await mails.stop();
      expect(smtp.to(to).map((mail) => mail.messageId)).toEqual([`<crash.${mode}@example.org>`]);
    },
    60_000,
  );
});

describe('failureOf', () => {
  it('keeps the code and answer, blanks addresses, and calls 5xx permanent', () => {
    expect(
      failureOf(
        Object.assign(new Error('550 5.1.1 <ana@example.org>: unknown'), {
          code: 'EENVELOPE',
          responseCode: 550,
        }),
      ),
    ).toEqual({ reason: 'EENVELOPE 550 5.1.1 <<address>>: unknown', permanent: true });
    expect(
      failureOf(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:25'), { code: 'ESOCKET' })),
    ).toEqual({
      reason: 'ESOCKET connect ECONNREFUSED 127.0.0.1:25',
      permanent: false,
    });
    expect(failureOf(Object.assign(new Error('421 try later'), { responseCode: 421 })).permanent).toBe(false);
  });
});
