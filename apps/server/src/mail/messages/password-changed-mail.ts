import { type ComposedMail, composeMail } from '../compose.ts';
import type { MailLanguage } from './mail-language.ts';

const TEXTS = {
  en: {
    subject: (site: string) => `Your password for ${site} was changed`,
    changed: (site: string) =>
      `The password of your ${site} account was just changed. Every other browser signed in to it was signed out.`,
    reset: (site: string) =>
      `The password of your ${site} account was just set with a reset link sent to this address. Every browser signed in to it was signed out.`,
    feed: 'Your private feed of the review queue stopped working too: make a new feed address on the Review page.',
    tokens:
      'Your API tokens were revoked too: make new ones, if you still need them, once you are signed in.',
    action: 'Choose a new password',
    notYou:
      'If this was not you, choose a new password at once with the link above and tell the site’s administrators.',
  },
  hr: {
    subject: (site: string) => `Lozinka za ${site} je promijenjena`,
    changed: (site: string) =>
      `Lozinka vašeg računa na ${site} upravo je promijenjena. Svi ostali preglednici prijavljeni u račun su odjavljeni.`,
    reset: (site: string) =>
      `Lozinka vašeg računa na ${site} upravo je postavljena poveznicom poslanom na ovu adresu. Svi preglednici prijavljeni u račun su odjavljeni.`,
    feed: 'Prestao je raditi i vaš privatni feed reda za pregled: novu adresu feeda izradite na stranici Pregled.',
    tokens: 'Opozvani su i vaši API tokeni: ako vam još trebaju, izradite nove kad se prijavite.',
    action: 'Odaberite novu lozinku',
    notYou:
      'Ako to niste bili vi, odmah odaberite novu lozinku putem gornje poveznice i javite se administratorima stranice.',
  },
} satisfies Record<MailLanguage, unknown>;

/**
 * The notice that an account's password changed (`how`: from the account page, or by a reset
 * link): what ended with the old password, and the way back for an owner who did not do it.
 * `moderates`: the account could have had a private review feed, which a new password ends;
 * `revokedTokens`: it had live API tokens, which ended too.
 */
export function passwordChangedMail(input: {
  siteName: string;
  publicUrl: string;
  language: MailLanguage;
  how: 'changed' | 'reset';
  moderates: boolean;
  revokedTokens?: boolean;
}): ComposedMail {
  const texts = TEXTS[input.language];
  return composeMail({
    siteName: input.siteName,
    publicUrl: input.publicUrl,
    language: input.language,
    subject: texts.subject(input.siteName),
    paragraphs: [
      texts[input.how](input.siteName),
      ...(input.moderates ? [texts.feed] : []),
      ...(input.revokedTokens ? [texts.tokens] : []),
    ],
    action: { label: texts.action, url: `${input.publicUrl}/forgot-password` },
    after: [texts.notYou],
  });
}
