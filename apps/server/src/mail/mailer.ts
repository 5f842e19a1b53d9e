import nodemailer from 'nodemailer';
import type { Config } from '../config/env.ts';
import type { Queryable } from '../db/database.ts';
import type { JobHandler } from '../jobs/job-runner.ts';
import { type MailSenderOptions, mailSendHandler, outboxTidyHandler } from './mail-sender.ts';
import { enqueueMail, MAIL_JOB, type OutgoingMail } from './outbox.ts';

/** What features that send mail use: whether mail is on, and how to write a message. */
export interface Mailer {
  /** False when SMTP_URL is unset: every e-mail feature is off. */
  readonly enabled: boolean;
  /** The site's name (MAIL_FROM's name) and PUBLIC_URL, for messages. */
  readonly siteName: string;
  readonly publicUrl: string;
  /**
   * Writes `mail` to the outbox inside the event's transaction `tx`; false when its key was
   * already there, or its recipient has had as many of its kind as `RECIPIENT_LIMITS` allows
   * (outbox.ts). Call `wake` after the transaction commits.
   */
  enqueue(tx: Queryable, mail: OutgoingMail): Promise<boolean>;
  /** Sends soon (after a commit that wrote mail). */
  wake(): void;
  /** Sends what is due now and waits for it (tests, shutdown). */
  flush(): Promise<number>;
  /** The job handlers that send and tidy the outbox, for the app's job runner (none when off). */
  readonly handlers: readonly JobHandler[];
  stop(): Promise<void>;
}

/** The job runner, as the mailer uses it: to be woken, and to run the mail that is due. */
export interface MailJobs {
  wake(): void;
  runDue(kinds: readonly string[]): Promise<number>;
}

/** Mail off: features check `enabled` first, so nothing reaches the outbox. */
const MAIL_OFF: Mailer = {
  enabled: false,
  siteName: 'Karta',
  publicUrl: '',
  enqueue: async () => {
    throw new Error('Mail is off (SMTP_URL is not set)');
  },
  wake: () => undefined,
  flush: async () => 0,
  handlers: [],
  stop: async () => undefined,
};

/** The domain of MAIL_FROM, which our Message-IDs end in. */
function addressDomain(from: string): string {
  const address = /<([^<>]+)>\s*$/.exec(from)?.[1] ?? from;
  return address.slice(address.lastIndexOf('@') + 1).trim() || 'localhost';
}

/**
 * The app's mailer: an outbox on `database` whose messages `jobs` sends through SMTP_URL with the
 * returned handlers; MAIL_OFF when mail is not configured. `options` tunes the retries (tests).
 */
export function startMailer(
  config: Config,
  database: Queryable,
  jobs: MailJobs,
  options: Pick<MailSenderOptions, 'firstRetryMs'> = {},
): Mailer {
  const mail = config.mail;
  if (!mail || !config.publicUrl) return MAIL_OFF;
  // Bounded waits: an SMTP server that accepts the connection and then stalls is an outage too.
  const transport = nodemailer.createTransport({
    url: mail.smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  const send = mailSendHandler({
    database,
    transport,
    from: mail.from,
    messageIdDomain: addressDomain(mail.from),
    ...options,
  });
  return {
    enabled: true,
    siteName: mail.siteName,
    publicUrl: config.publicUrl,
    enqueue: enqueueMail,
    wake: () => jobs.wake(),
    flush: () => jobs.runDue([MAIL_JOB]),
    handlers: [send, outboxTidyHandler(database)],
    async stop() {
      transport.close();
    },
  };
}
