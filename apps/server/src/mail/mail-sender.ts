import type { Transporter } from 'nodemailer';
import type { Queryable } from '../db/database.ts';
import { doublingDelay, type JobHandler, PermanentJobError } from '../jobs/job-runner.ts';
import { createOutbox, MAIL_JOB } from './outbox.ts';
import { subjectLine } from './subject-line.ts';

/** Sent and expired rows are kept this long (their keys guard against a late duplicate), then deleted. */
export const OUTBOX_KEEP_DAYS = 30;

/** The first wait after a passing failure (an outage); each next one doubles, up to an hour. */
export const FIRST_RETRY_MS = 10_000;
const LONGEST_RETRY_MS = 60 * 60_000;

/** The periodic job that tidies the outbox (hourly, once for all instances). */
export const OUTBOX_TIDY_JOB = 'mail.tidy';

export interface MailSenderOptions {
  database: Queryable;
  transport: Pick<Transporter, 'sendMail'>;
  /** MAIL_FROM. */
  from: string;
  /** The domain of Message-IDs (MAIL_FROM's). */
  messageIdDomain: string;
  /** The first wait after a failure (tests shorten it). */
  firstRetryMs?: number;
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

/** Why a job failed, already scrubbed of addresses by `failureOf`. */
class MailNotSent extends Error {}

/**
 * The handler of `mail.send` jobs (one per outbox message, added with it): reads the message,
 * sends it through SMTP with its key as Message-ID, marks it sent. A failure is kept on the
 * message too; a 5xx answer gives it up (the job is dead). A dead job an admin runs again sends
 * the message then, unless it has expired meanwhile. The job queue holds the claims: a crash
 * after the SMTP server accepted a message and before it was marked sent sends it again once the
 * lease lapses (the same Message-ID, which mail clients show once); every other crash or outage
 * sends it exactly once.
 */
export function mailSendHandler(options: MailSenderOptions): JobHandler {
  const outbox = createOutbox(options.database);
  return {
    kind: MAIL_JOB,
    retryDelayMs: doublingDelay(options.firstRetryMs ?? FIRST_RETRY_MS, LONGEST_RETRY_MS),
    describeFailure: (error) => (error instanceof Error ? error.message : 'failed'),
    async run(job) {
      const mail = await outbox.due(Number(job.payload.mailId));
      // Sent already, expired, or tidied away: nothing left to do.
      if (!mail) return;
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
      } catch (error) {
        const { reason, permanent } = failureOf(error);
        await outbox.markFailed(mail.id, reason);
        throw permanent ? new PermanentJobError(reason) : new MailNotSent(reason);
      }
      await outbox.markSent(mail.id);
    },
  };
}

/** The handler of the hourly `mail.tidy` job. */
export function outboxTidyHandler(database: Queryable): JobHandler {
  const outbox = createOutbox(database);
  return {
    kind: OUTBOX_TIDY_JOB,
    retryDelayMs: () => 0,
    run: () => outbox.tidy(OUTBOX_KEEP_DAYS),
  };
}
