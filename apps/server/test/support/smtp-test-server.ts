import { renameSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** One message the server accepted: who it was for (the envelope) and what it said (parsed). */
/** A received message as `saveTo` writes it. */
export interface SavedMail {
  to: string[];
  messageId: string;
  subject: string;
  text: string;
  html: string;
}

export interface ReceivedMail {
  envelopeTo: string[];
  parsed: ParsedMail;
  /** The raw `Message-ID` header. */
  messageId: string;
}

/**
 * A real SMTP server on 127.0.0.1 (the smtp-server package) for tests: every message is parsed
 * with mailparser and kept in `received`. `stop()` then `start()` on the same port is an outage;
 * addresses in `rejectRecipients` get a permanent 550. With `saveTo`, each message is also written
 * there as JSON (`SavedMail`), for tests in another process (the browser suite).
 */
export async function startSmtpTestServer(options: { saveTo?: string } = {}) {
  const received: ReceivedMail[] = [];
  const rejectRecipients = new Set<string>();
  const control = { acceptDelayMs: 0 };
  let server: SMTPServer | undefined;
  let port = 0;

  const start = async () => {
    const smtp = new SMTPServer({
      secure: false,
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onAuth: (_auth, _session, callback) => callback(null, { user: 'karta' }),
      onRcptTo(address, _session, callback) {
        if (rejectRecipients.has(address.address)) {
          const error = Object.assign(new Error(`<${address.address}>: Recipient address rejected`), {
            responseCode: 550,
          });
          return callback(error);
        }
        callback();
      },
      onData(stream, session, callback) {
        simpleParser(stream)
          .then(async (parsed) => {
            // A slow server: it takes its time to accept each message.
            if (control.acceptDelayMs > 0) await sleep(control.acceptDelayMs);
            const mail = {
              envelopeTo: session.envelope.rcptTo.map((rcpt) => rcpt.address),
              parsed,
              messageId: String(parsed.headers.get('message-id') ?? ''),
            };
            received.push(mail);
            if (options.saveTo) {
              const saved: SavedMail = {
                to: mail.envelopeTo,
                messageId: mail.messageId,
                subject: parsed.subject ?? '',
                text: parsed.text ?? '',
                html: typeof parsed.html === 'string' ? parsed.html : '',
              };
              // Whole or not at all for a reader in another process: written aside, then renamed.
              const file = join(options.saveTo, `${received.length}.json`);
              writeFileSync(`${file}.part`, JSON.stringify(saved));
              renameSync(`${file}.part`, file);
            }
            callback();
          })
          .catch(callback);
      },
    });
    await new Promise<void>((resolve, reject) => {
      smtp.server.once('error', reject);
      smtp.listen(port, '127.0.0.1', () => resolve());
    });
    port = (smtp.server.address() as AddressInfo).port;
    server = smtp;
  };
  await start();

  return {
    received,
    rejectRecipients,
    /** How long the server waits before it accepts each message (0: at once). */
    set acceptDelayMs(ms: number) {
      control.acceptDelayMs = ms;
    },
    get url() {
      return `smtp://karta:secret@127.0.0.1:${port}`;
    },
    /** Messages to `address`. */
    to(address: string) {
      return received.filter((mail) => mail.envelopeTo.includes(address));
    },
    /** Waits (at most `timeoutMs`) until `address` has `count` messages; returns them. */
    async waitFor(address: string, count = 1, timeoutMs = 10_000): Promise<ReceivedMail[]> {
      const until = Date.now() + timeoutMs;
      while (Date.now() < until) {
        const mails = received.filter((mail) => mail.envelopeTo.includes(address));
        if (mails.length >= count) return mails;
        await sleep(50);
      }
      throw new Error(`no ${count} message(s) for ${address} within ${timeoutMs} ms`);
    },
    /** Waits (at most `timeoutMs`) for a message to `address` that `matches`; returns it. */
    async waitForMatch(
      address: string,
      matches: (mail: ReceivedMail) => boolean,
      timeoutMs = 10_000,
    ): Promise<ReceivedMail> {
      const until = Date.now() + timeoutMs;
      while (Date.now() < until) {
        const mail = received.find((item) => item.envelopeTo.includes(address) && matches(item));
        if (mail) return mail;
        await sleep(50);
      }
      throw new Error(`no matching message for ${address} within ${timeoutMs} ms`);
    },
    start,
    async stop() {
      const smtp = server;
      server = undefined;
      if (smtp) await new Promise<void>((resolve) => smtp.close(() => resolve()));
    },
  };
}

export type SmtpTestServer = Awaited<ReturnType<typeof startSmtpTestServer>>;

/** The environment that turns mail on towards `smtp`. */
export function mailEnv(smtp: SmtpTestServer): Record<string, string> {
  return {
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Karta Test <karta@example.org>',
    PUBLIC_URL: 'http://karta.example.org',
  };
}

/** A header's value as the message carried it (mailparser folds List-* headers into `list`). */
export function rawHeader(mail: ReceivedMail | undefined, name: string): string | undefined {
  const line = mail?.parsed.headerLines.find((header) => header.key === name.toLowerCase())?.line;
  return line?.slice(line.indexOf(':') + 1).trim();
}

/** The reset link's token in a message's text. */
export function resetTokenIn(mail: ReceivedMail): string {
  const match = /http:\/\/karta\.example\.org\/reset-password\?token=([A-Za-z0-9_-]{43})/.exec(
    mail.parsed.text ?? '',
  );
  if (!match?.[1]) throw new Error('no reset link in the message');
  return match[1];
}
