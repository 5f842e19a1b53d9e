import nodemailer from 'nodemailer';
import type { Config } from '../config/env.ts';
import type { Queryable } from '../db/database.ts';
import { createMailSender, type MailSenderOptions } from './mail-sender.ts';
import { enqueueMail, type OutgoingMail } from './outbox.ts';

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
  stop(): Promise<void>;
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
  stop: async () => undefined,
};

/** The domain of MAIL_FROM, which our Message-IDs end in. */
function addressDomain(from: string): string {
  const address = /<([^<>]+)>\s*$/.exec(from)?.[1] ?? from;
  return address.slice(address.lastIndexOf('@') + 1).trim() || 'localhost';
}

/**
 * The app's mailer: an outbox on `database` and a sender polling it through SMTP_URL, started at
 * once; MAIL_OFF when mail is not configured. `options` tunes the sender (tests: short polls).
 */
export function startMailer(
  config: Config,
  database: Queryable,
  log: MailSenderOptions['log'],
  options: Pick<MailSenderOptions, 'pollMs' | 'leaseMs' | 'firstRetryMs'> = {},
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
  const sender = createMailSender({
    database,
    transport,
    from: mail.from,
    messageIdDomain: addressDomain(mail.from),
    log,
    ...options,
  });
  sender.start();
  return {
    enabled: true,
    siteName: mail.siteName,
    publicUrl: config.publicUrl,
    enqueue: enqueueMail,
    wake: () => sender.wake(),
    flush: () => sender.sendDue(),
    async stop() {
      await sender.stop();
      transport.close();
    },
  };
}
