import type { Transporter } from 'nodemailer';
import type { Queryable } from '../db/database.ts';
import { type ClaimedMail, createOutbox } from './outbox.ts';
import { subjectLine } from './subject-line.ts';

/** Sent and expired rows are kept this long (their keys guard against a late duplicate), then deleted. */
export const OUTBOX_KEEP_DAYS = 30;
const TIDY_EVERY_MS = 60 * 60_000;

/** The first wait after a passing failure (an outage); each next one doubles, up to an hour. */
export const FIRST_RETRY_MS = 10_000;
const LONGEST_RETRY_MS = 60 * 60_000;

/** Waits between attempts: 10 s, 20 s, 40 s… at most an hour (`first` shortens them in tests). */
export function retryDelayMs(attempts: number, first = FIRST_RETRY_MS): number {
  return Math.min(LONGEST_RETRY_MS, first * 2 ** Math.max(0, attempts - 1));
}

export interface MailSenderOptions {
  database: Queryable;
  transport: Pick<Transporter, 'sendMail'>;
  /** MAIL_FROM. */
  from: string;
  /** The domain of Message-IDs (MAIL_FROM's). */
  messageIdDomain: string;
  /** How often the outbox is read when nothing wakes the sender. */
  pollMs?: number;
  /** How long a claim holds a message: past it, a sender that died is replaced. */
  leaseMs?: number;
  batch?: number;
  /** The first wait after a failure (tests shorten it). */
  firstRetryMs?: number;
  log: { warn(details: object, message: string): void; info(details: object, message: string): void };
}

/**
 * Why a send failed, for the outbox row: the SMTP server's code and answer with any address in it
 * blanked (a "550 <ana@example.org>: unknown user" must not keep the address). A 5xx answer is
 * permanent: retrying cannot help, so the message is given up.
 */
export function failureOf(error: unknown): { reason: string; permanent: boolean } {
  const details = error as { code?: unknown; responseCode?: unknown; message?: unknown };
  const text = `${typeof details.code === 'string' ? details.code : ''} ${
    typeof details.message === 'string' ? details.message : 'failed'
  }`;
  const reason = text
    .replace(/[^\s<>()"',;:]+@[^\s<>()"',;:]+/g, '<address>')
    .trim()
    .slice(0, 500);
  const code = typeof details.responseCode === 'number' ? details.responseCode : 0;
  return { reason, permanent: code >= 500 && code < 600 };
}

/**
 * Sends the outbox: claims due messages, renews each one's claim right before sending it through
 * SMTP with its key as Message-ID (a message whose claim lapsed and went to another sender is
 * left to that sender), marks it sent, or due again after `retryDelayMs`. A crash after the SMTP server accepted a
 * message and before it was marked sent sends it again once the claim lapses (the same
 * Message-ID, which mail clients show once); every other crash or outage sends it exactly once.
 */
export function createMailSender(options: MailSenderOptions) {
  const outbox = createOutbox(options.database);
  const pollMs = options.pollMs ?? 5_000;
  const leaseMs = options.leaseMs ?? 60_000;
  const batch = options.batch ?? 10;
  let timer: NodeJS.Timeout | undefined;
  /** A wake-up that came while a round was running: the next round starts at once. */
  let wokenWhileRunning = false;
  let running: Promise<number> | undefined;
  let stopped = true;
  let tidiedAt = 0;

  async function sendOne(mail: ClaimedMail): Promise<boolean> {
    // Messages of a batch wait their turn: one whose claim lapsed meanwhile may be another
    // sender's now, and is theirs to send.
    if (!(await outbox.renewClaim(mail, leaseMs))) {
      options.log.info({ mailId: mail.id }, 'mail claim lapsed: left to the sender holding it');
      return false;
    }
    try {
      await options.transport.sendMail({
        from: options.from,
        to: mail.to,
        subject: subjectLine(mail.subject),
        text: mail.text,
        html: mail.html,
        headers: mail.headers,
        messageId: `<${mail.key}@${options.messageIdDomain}>`,
      });
      await outbox.markSent(mail);
      return true;
    } catch (error) {
      const { reason, permanent } = failureOf(error);
      await outbox.markFailed(
        mail,
        reason,
        permanent ? null : retryDelayMs(mail.attempts, options.firstRetryMs),
      );
      options.log.warn({ mailId: mail.id, attempts: mail.attempts, permanent }, 'mail not sent');
      return false;
    }
  }

  /** Sends what is due now; returns how many were sent. */
  async function sendDue(): Promise<number> {
    let sent = 0;
    for (;;) {
      const claimed = await outbox.claimDue(batch, leaseMs);
      for (const mail of claimed) if (await sendOne(mail)) sent += 1;
      if (claimed.length < batch) return sent;
    }
  }

  function schedule(delay: number) {
    clearTimeout(timer);
    if (stopped) return;
    timer = setTimeout(() => void run(), delay);
    timer.unref();
  }

  async function run(): Promise<void> {
    if (running) {
      wokenWhileRunning = true;
      return;
    }
    wokenWhileRunning = false;
    running = (async () => {
      if (Date.now() - tidiedAt > TIDY_EVERY_MS) {
        tidiedAt = Date.now();
        await outbox.tidy(OUTBOX_KEEP_DAYS);
      }
      return sendDue();
    })().catch((error) => {
      options.log.warn({ err: error }, 'mail outbox could not be read');
      return 0;
    });
    await running;
    running = undefined;
    schedule(wokenWhileRunning ? 0 : pollMs);
  }

  return {
    start() {
      stopped = false;
      schedule(0);
    },
    /** Sends soon: a message was just written. */
    wake() {
      schedule(0);
    },
    sendDue,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
