import { type ComposedMail, composeMail } from '../compose.ts';
import type { MailLanguage } from './mail-language.ts';

const TEXTS = {
  en: {
    subject: (site: string) => `Reset your password for ${site}`,
    intro: (site: string) => `Someone, hopefully you, asked to reset the password of your ${site} account.`,
    validity: 'The link works once, within one hour.',
    action: 'Choose a new password',
    notYou: 'If you did not ask for this, ignore this e-mail: your password stays as it is.',
  },
  hr: {
    subject: (site: string) => `Nova lozinka za ${site}`,
    intro: (site: string) => `Netko je, nadamo se vi, zatražio novu lozinku za vaš račun na ${site}.`,
    validity: 'Poveznica vrijedi jednom, u roku od jednog sata.',
    action: 'Odaberite novu lozinku',
    notYou: 'Ako to niste bili vi, zanemarite ovu poruku: lozinka ostaje ista.',
  },
} satisfies Record<MailLanguage, unknown>;

/** The password-reset e-mail: a single-use link to PUBLIC_URL/reset-password?token=…. */
export function passwordResetMail(input: {
  siteName: string;
  publicUrl: string;
  language: MailLanguage;
  token: string;
}): ComposedMail {
  const texts = TEXTS[input.language];
  const url = `${input.publicUrl}/reset-password?token=${encodeURIComponent(input.token)}`;
  return composeMail({
    siteName: input.siteName,
    publicUrl: input.publicUrl,
    language: input.language,
    subject: texts.subject(input.siteName),
    paragraphs: [texts.intro(input.siteName), texts.validity],
    action: { label: texts.action, url },
    after: [texts.notYou],
  });
}
