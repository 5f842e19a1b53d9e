import { EmailAddress } from '@karta/contracts';
import { z } from 'zod';
import { type Env, type EnvIssue, optionalText } from './values.ts';

/** `address` or `Name <address>` on one line: what a From header may hold. */
function isMailbox(value: string): boolean {
  if (/[\r\n]/.test(value)) return false;
  const address = /<([^<>]+)>$/.exec(value)?.[1] ?? value;
  return EmailAddress.safeParse(address.trim()).success;
}

/** The name of `Name <address>`, which mail calls the site by; "Karta" for a bare address. */
function senderName(from: string): string {
  const name = /^(.*?)\s*<[^<>]+>$/
    .exec(from)?.[1]
    ?.replace(/^"(.*)"$/, '$1')
    .trim();
  return name || 'Karta';
}

/** How Karta sends e-mail: an SMTP server and the sender. */
export const MailEnv = z
  .object({
    SMTP_URL: optionalText.refine((value) => value === undefined || /^smtps?:\/\/[^\s/]+/.test(value), {
      message: 'Expected an smtp:// or smtps:// URL such as smtp://user:password@mail.example.org:587',
    }),
    MAIL_FROM: optionalText.refine((value) => value === undefined || isMailbox(value), {
      message: 'Expected an address such as karta@example.org or "Karta <karta@example.org>"',
    }),
  })
  .transform((e) => ({
    /** SMTP_URL and MAIL_FROM: how Karta sends e-mail; null when it sends none. */
    mail:
      e.SMTP_URL && e.MAIL_FROM
        ? { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM, siteName: senderName(e.MAIL_FROM) }
        : null,
  }));

export type MailConfig = z.output<typeof MailEnv>;

/**
 * Mail is on with both SMTP_URL and MAIL_FROM, off with neither; one alone is a mistake, and so is
 * mail without PUBLIC_URL, which every message links to.
 */
export function mailIssues(env: Env): EnvIssue[] {
  const url = Boolean(env.SMTP_URL?.trim());
  const from = Boolean(env.MAIL_FROM?.trim());
  if (url !== from) {
    return [
      {
        variable: url ? 'MAIL_FROM' : 'SMTP_URL',
        message: `Required with ${url ? 'SMTP_URL' : 'MAIL_FROM'}`,
      },
    ];
  }
  if (url && !env.PUBLIC_URL?.trim()) {
    return [{ variable: 'PUBLIC_URL', message: 'Required with SMTP_URL: e-mails link to it' }];
  }
  return [];
}
