import { simpleParser } from 'mailparser';
import nodemailer from 'nodemailer';
import { describe, expect, it } from 'vitest';
import { subjectLine } from './subject-line.ts';

/** The subject a mail client shows for a message sent with `subject`, through nodemailer and back. */
async function shown(subject: string): Promise<string | undefined> {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const sent = await transport.sendMail({
    from: 'karta@example.org',
    to: 'ana@example.org',
    subject,
    text: '.',
  });
  return (await simpleParser(sent.message as Buffer)).subject;
}

describe('subjectLine', () => {
  it('shows a name holding encoded words as it was stored, not as what they decode to', async () => {
    const stored = 'New place near you: =?UTF-8?B?U2lnbiBpbiBoZXJl?= and =?utf-8?q?more?=';
    // Sent as it is, a client shows other text than the name stored.
    expect(await shown(stored)).not.toBe(stored);
    expect(await shown(subjectLine(stored))).toBe(stored);
  });

  it('leaves other subjects as they are, on one line', async () => {
    expect(subjectLine('Ljekarna Ilica: confirm your follow')).toBe('Ljekarna Ilica: confirm your follow');
    expect(await shown(subjectLine('Čaj i\nkava =? not a word'))).toBe('Čaj i kava =? not a word');
    const long = `Follow: ${'=?x?= '.repeat(30)}`.trim();
    expect(await shown(subjectLine(long))).toBe(long);
  });
});
