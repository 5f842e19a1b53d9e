import { type ComposedMail, composeMail } from '../compose.ts';
import type { MailContext } from './notice-mails.ts';

const TEXTS = {
  en: {
    finishSubject: (site: string) => `Finish creating your ${site} account`,
    finishIntro: (site: string, name: string) =>
      `Someone, hopefully you, asked to create a ${site} account named “${name}” with this address.`,
    finishValidity: 'The link works once, within 24 hours. Your account is made when you follow it.',
    finishAction: 'Create my account',
    finishNotYou: 'If this was not you, ignore this e-mail: no account is made.',
    takenSubject: (site: string) => `Someone tried to register with your address on ${site}`,
    takenIntro: (site: string) =>
      `Someone, perhaps you, tried to create a new ${site} account with this address. This address already has an account, so nothing was made.`,
    takenHelp: 'If it was you, sign in instead. If you forgot your password, choose a new one:',
    takenAction: 'Choose a new password',
    takenNotYou: 'If it was not you, ignore this e-mail: your account stays as it is.',
  },
  hr: {
    finishSubject: (site: string) => `Dovršite otvaranje računa na ${site}`,
    finishIntro: (site: string, name: string) =>
      `Netko je, nadamo se vi, zatražio otvaranje računa „${name}” na ${site} s ovom adresom.`,
    finishValidity: 'Poveznica vrijedi jednom, u roku od 24 sata. Račun se otvara kad je slijedite.',
    finishAction: 'Otvori moj račun',
    finishNotYou: 'Ako to niste bili vi, zanemarite ovu poruku: račun se ne otvara.',
    takenSubject: (site: string) => `Netko se pokušao registrirati s vašom adresom na ${site}`,
    takenIntro: (site: string) =>
      `Netko, možda vi, pokušao je otvoriti novi račun na ${site} s ovom adresom. Ova adresa već ima račun, pa ništa nije otvoreno.`,
    takenHelp: 'Ako ste to bili vi, prijavite se. Ako ste zaboravili lozinku, odaberite novu:',
    takenAction: 'Odaberite novu lozinku',
    takenNotYou: 'Ako to niste bili vi, zanemarite ovu poruku: vaš račun ostaje kakav jest.',
  },
} as const;

/** The link that makes a new account: `PUBLIC_URL/complete-registration?token=…`. */
export function registrationLinkMail(
  ctx: MailContext,
  input: { displayName: string; token: string },
): ComposedMail {
  const t = TEXTS[ctx.language];
  return composeMail({
    ...ctx,
    subject: t.finishSubject(ctx.siteName),
    paragraphs: [t.finishIntro(ctx.siteName, input.displayName), t.finishValidity],
    action: {
      label: t.finishAction,
      url: `${ctx.publicUrl}/complete-registration?token=${encodeURIComponent(input.token)}`,
    },
    after: [t.finishNotYou],
  });
}

/**
 * To the owner of an address someone registered with again: nothing was made, and the way back in
 * for an owner who forgot they had an account (the registration's answer never says so).
 */
export function registrationTakenMail(ctx: MailContext): ComposedMail {
  const t = TEXTS[ctx.language];
  return composeMail({
    ...ctx,
    subject: t.takenSubject(ctx.siteName),
    paragraphs: [t.takenIntro(ctx.siteName), t.takenHelp],
    action: { label: t.takenAction, url: `${ctx.publicUrl}/forgot-password` },
    after: [t.takenNotYou],
  });
}
