import { type ComposedMail, composeMail } from '../compose.ts';
import type { MailLanguage } from './mail-language.ts';
import type { MailContext, UnsubscribeLink } from './notice-mails.ts';

/** The note a message is about: its place's name and its text (quoted, as its author wrote it). */
export interface MailedNote {
  placeName: string;
  text: string;
}

const TEXTS = {
  en: {
    confirmSubject: (place: string) => `Confirm your note on ${place}`,
    confirmIntro: (place: string) => `Someone, hopefully you, wrote this note on "${place}":`,
    confirmNothing:
      'Nobody sees it until you confirm it. The link works for seven days; after that the note is deleted.',
    confirmAction: 'Confirm the note',
    notYou: 'If you did not write it, ignore this e-mail: the note will be deleted.',
    publishedSubject: (place: string) => `Your note is published: ${place}`,
    publishedIntro: (place: string) => `Thank you! A moderator published your note on "${place}":`,
    hiddenSubject: (place: string) => `Your note was hidden: ${place}`,
    hiddenIntro: (place: string) => `A moderator hid your note on "${place}":`,
    hiddenReason: (reason: string) => `Their reason: ${reason}`,
    openPlace: 'Open the place',
    whyAccount:
      'You receive this because you wrote this note. You can turn these e-mails off in your account page.',
    whyAddress: 'You receive this because you wrote this note and confirmed it from this address.',
    unsubscribe: 'Unsubscribe',
  },
  hr: {
    confirmSubject: (place: string) => `Potvrdite svoju bilješku o mjestu ${place}`,
    confirmIntro: (place: string) => `Netko je, nadamo se vi, napisao ovu bilješku o mjestu "${place}":`,
    confirmNothing:
      'Nitko je ne vidi dok je ne potvrdite. Poveznica vrijedi sedam dana, nakon toga bilješka se briše.',
    confirmAction: 'Potvrdi bilješku',
    notYou: 'Ako je niste napisali vi, zanemarite ovu poruku: bilješka će se izbrisati.',
    publishedSubject: (place: string) => `Vaša bilješka je objavljena: ${place}`,
    publishedIntro: (place: string) => `Hvala! Moderator je objavio vašu bilješku o mjestu "${place}":`,
    hiddenSubject: (place: string) => `Vaša bilješka je skrivena: ${place}`,
    hiddenIntro: (place: string) => `Moderator je sakrio vašu bilješku o mjestu "${place}":`,
    hiddenReason: (reason: string) => `Razlog: ${reason}`,
    openPlace: 'Otvori mjesto',
    whyAccount:
      'Ovo primate jer ste napisali ovu bilješku. Ove poruke možete isključiti na stranici svog računa.',
    whyAddress: 'Ovo primate jer ste napisali ovu bilješku i potvrdili je s ove adrese.',
    unsubscribe: 'Odjava',
  },
} satisfies Record<MailLanguage, unknown>;

/** The note's text as the message quotes it. */
const quoted = (text: string) => `„${text}“`;

/** To a signed-out author: the link that confirms their note (nobody sees it before). */
export function noteConfirmationMail(
  ctx: MailContext,
  input: { note: MailedNote; confirmUrl: string },
): ComposedMail {
  const t = TEXTS[ctx.language];
  return composeMail({
    ...ctx,
    subject: t.confirmSubject(input.note.placeName),
    paragraphs: [t.confirmIntro(input.note.placeName), quoted(input.note.text), t.confirmNothing],
    action: { label: t.confirmAction, url: input.confirmUrl },
    after: [t.notYou],
  });
}

/**
 * To a note's author: a moderator published it, or hid it (with the reason). An account's author
 * gets an unsubscribe link (their decision e-mails); a signed-out author, who asked for nothing
 * else, gets none.
 */
export function noteDecisionMail(
  ctx: MailContext,
  input: {
    note: MailedNote;
    placeUrl: string;
    decision: 'published' | 'hidden';
    reason: string | null;
    unsubscribe: UnsubscribeLink | null;
  },
): ComposedMail {
  const t = TEXTS[ctx.language];
  const { placeName, text } = input.note;
  const published = input.decision === 'published';
  return composeMail({
    ...ctx,
    subject: published ? t.publishedSubject(placeName) : t.hiddenSubject(placeName),
    paragraphs: published
      ? [t.publishedIntro(placeName), quoted(text)]
      : [t.hiddenIntro(placeName), quoted(text), ...(input.reason ? [t.hiddenReason(input.reason)] : [])],
    action: { label: t.openPlace, url: input.placeUrl },
    after: [input.unsubscribe ? t.whyAccount : t.whyAddress],
    ...(input.unsubscribe ? { unsubscribe: { label: t.unsubscribe, url: input.unsubscribe.url } } : {}),
  });
}
