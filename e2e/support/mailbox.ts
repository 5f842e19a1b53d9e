import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { inject } from 'vitest';
import type { SavedMail } from '../../apps/server/test/support/smtp-test-server.ts';

/**
 * The one address the e2e SMTP server refuses for good (550, as a mailbox that does not exist):
 * mail to it is given up at once, so its job is dead, for the admins' jobs screen to show.
 */
export const REFUSED_RECIPIENT = 'refused@karta.test';

/** Every message the e2e SMTP server has received for `address`, oldest first. */
export function mailTo(address: string): SavedMail[] {
  const dir = inject('mailDir');
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort((a, b) => Number.parseInt(a, 10) - Number.parseInt(b, 10))
    .map((name) => JSON.parse(readFileSync(join(dir, name), 'utf8')) as SavedMail)
    .filter((mail) => mail.to.includes(address));
}

/** Waits (at most `timeoutMs`) for the `count`-th message to `address`, and returns it. */
export async function waitForMail(address: string, count = 1, timeoutMs = 15_000): Promise<SavedMail> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const mails = mailTo(address);
    const mail = mails[count - 1];
    if (mail) return mail;
    await sleep(100);
  }
  throw new Error(`message ${count} to ${address} did not arrive within ${timeoutMs} ms`);
}

/** Waits (at most `timeoutMs`) for a message to `address` whose subject matches `subject`. */
export async function waitForMailWithSubject(
  address: string,
  subject: RegExp,
  timeoutMs = 15_000,
): Promise<SavedMail> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const mail = mailTo(address).find((item) => subject.test(item.subject));
    if (mail) return mail;
    await sleep(100);
  }
  const got = mailTo(address).map((mail) => mail.subject);
  throw new Error(
    `no message "${subject}" to ${address} within ${timeoutMs} ms (got: ${JSON.stringify(got)})`,
  );
}
