import type { FlagReason, NoteFlagReason, PhotoFlagReason } from '@karta/contracts';
import { type ComposedMail, composeMail } from '../compose.ts';
import type { MailLanguage } from './mail-language.ts';

/** What every message needs to know about the site and its reader. */
export interface MailContext {
  siteName: string;
  publicUrl: string;
  language: MailLanguage;
}

/** A bulk message's unsubscribe link (RFC 8058 one-click; also a page with a button). */
export interface UnsubscribeLink {
  url: string;
}

const UNSUBSCRIBE = { en: 'Unsubscribe', hr: 'Odjava' } satisfies Record<MailLanguage, string>;

const TEXTS = {
  en: {
    verifySubject: (site: string) => `Confirm your e-mail address for ${site}`,
    verifyIntro: (site: string, name: string) =>
      `Welcome to ${site}, ${name}. Please confirm that this address is yours: until then your proposals wait for review marked "address not confirmed".`,
    verifyValidity: 'The link works once, within seven days.',
    verifyAction: 'Confirm my address',
    verifyNotYou: 'If you did not create an account, ignore this e-mail: nothing more will be sent.',
    proposalSubject: (place: string) => `New proposal to review: ${place}`,
    proposalIntro: (author: string, place: string) =>
      `${author} proposed a new place, "${place}". It is waiting for review.`,
    noteSubject: (place: string) => `New note to review on ${place}`,
    noteIntro: (author: string, place: string) =>
      `${author} wrote a note on "${place}". It is waiting for review:`,
    noteVisitor: 'A visitor (confirmed by e-mail)',
    flagSubject: (place: string) => `New report on ${place}`,
    flagIntro: (place: string, reason: string) => `Someone reported "${place}": ${reason}.`,
    flagComment: (comment: string) => `Their comment: ${comment}`,
    openQueue: 'Open the review queue',
    openFlags: 'Open the reports',
    reviewWhy:
      'You receive this because you moderate this site. Choose immediate e-mails, a daily digest or none in your account page.',
    publishedSubject: (place: string) => `Your proposal is published: ${place}`,
    publishedIntro: (place: string) =>
      `Thank you! A moderator published "${place}". Everyone can see it on the map now.`,
    rejectedSubject: (place: string) => `Your proposal was not published: ${place}`,
    rejectedIntro: (place: string) => `A moderator did not publish "${place}".`,
    rejectedReason: (reason: string) => `Their reason: ${reason}`,
    rejectedNext: 'You can correct the proposal and send it again from My submissions.',
    openPlace: 'Open the place',
    openSubmissions: 'Open My submissions',
    decisionWhy:
      'You receive this because you proposed this place. You can turn these e-mails off in your account page.',
    digestSubject: (site: string, count: number) =>
      `${site}: ${count} new ${count === 1 ? 'item' : 'items'} to review`,
    digestIntro: 'New since the last digest:',
    digestProposals: (count: number) => `${count} new ${count === 1 ? 'proposal' : 'proposals'}`,
    digestNotes: (count: number) => `${count} ${count === 1 ? 'note' : 'notes'} waiting, on`,
    digestFlags: (count: number) => `${count} new ${count === 1 ? 'report' : 'reports'}`,
    andMore: (count: number) => `…and ${count} more.`,
  },
  hr: {
    verifySubject: (site: string) => `Potvrdite svoju e-adresu za ${site}`,
    verifyIntro: (site: string, name: string) =>
      `Dobro došli na ${site}, ${name}. Potvrdite da je ova adresa vaša: do tada vaši prijedlozi čekaju pregled označeni s "adresa nije potvrđena".`,
    verifyValidity: 'Poveznica vrijedi jednom, u roku od sedam dana.',
    verifyAction: 'Potvrdi moju adresu',
    verifyNotYou: 'Ako niste otvorili račun, zanemarite ovu poruku: više vam nećemo pisati.',
    proposalSubject: (place: string) => `Novi prijedlog za pregled: ${place}`,
    proposalIntro: (author: string, place: string) =>
      `${author} predlaže novo mjesto, "${place}". Čeka pregled.`,
    noteSubject: (place: string) => `Nova bilješka za pregled: ${place}`,
    noteIntro: (author: string, place: string) =>
      `${author} piše bilješku na mjestu "${place}". Čeka pregled:`,
    noteVisitor: 'Posjetitelj (potvrđeno e-poštom)',
    flagSubject: (place: string) => `Nova prijava za ${place}`,
    flagIntro: (place: string, reason: string) => `Netko je prijavio "${place}": ${reason}.`,
    flagComment: (comment: string) => `Komentar: ${comment}`,
    openQueue: 'Otvori prijedloge za pregled',
    openFlags: 'Otvori prijave',
    reviewWhy:
      'Ovo primate jer moderirate ovu stranicu. Na stranici svog računa odaberite poruke odmah, dnevni sažetak ili ništa.',
    publishedSubject: (place: string) => `Vaš prijedlog je objavljen: ${place}`,
    publishedIntro: (place: string) => `Hvala! Moderator je objavio "${place}". Sada ga svi vide na karti.`,
    rejectedSubject: (place: string) => `Vaš prijedlog nije objavljen: ${place}`,
    rejectedIntro: (place: string) => `Moderator nije objavio "${place}".`,
    rejectedReason: (reason: string) => `Razlog: ${reason}`,
    rejectedNext: 'Prijedlog možete ispraviti i ponovno poslati u Mojim prijedlozima.',
    openPlace: 'Otvori mjesto',
    openSubmissions: 'Otvori Moje prijedloge',
    decisionWhy:
      'Ovo primate jer ste predložili ovo mjesto. Ove poruke možete isključiti na stranici svog računa.',
    digestSubject: (site: string, count: number) => `${site}: novo za pregled (${count})`,
    digestIntro: 'Novo od prošlog sažetka:',
    digestProposals: (count: number) => `Novi prijedlozi: ${count}`,
    digestNotes: (count: number) => `Bilješke koje čekaju: ${count}, na mjestima`,
    digestFlags: (count: number) => `Nove prijave: ${count}`,
    andMore: (count: number) => `…i još ${count}.`,
  },
} satisfies Record<MailLanguage, unknown>;

/** The reasons of a flag on a place or a photo, as a reader would say them. */
const FLAG_REASONS: Record<MailLanguage, Record<FlagReason | PhotoFlagReason, string>> = {
  en: {
    does_not_exist: 'it does not exist any more',
    wrong_information: 'some details are wrong',
    duplicate: 'it is a duplicate',
    inappropriate: 'it is inappropriate',
    not_this_place: 'a photo is not of this place',
    private_person: 'a photo shows a private person',
    offensive: 'a photo is offensive',
    copyright: 'a photo breaks copyright',
  },
  hr: {
    does_not_exist: 'više ne postoji',
    wrong_information: 'neki podaci nisu točni',
    duplicate: 'duplikat je',
    inappropriate: 'neprikladno je',
    not_this_place: 'fotografija nije s ovog mjesta',
    private_person: 'fotografija prikazuje privatnu osobu',
    offensive: 'fotografija je uvredljiva',
    copyright: 'fotografija krši autorska prava',
  },
};

/** The reasons of a flag on a note. */
const NOTE_FLAG_REASONS: Record<MailLanguage, Record<NoteFlagReason, string>> = {
  en: {
    spam: 'a note is spam',
    offensive: 'a note is offensive',
    wrong_information: 'a note is not true',
    private_person: 'a note names a private person',
  },
  hr: {
    spam: 'bilješka je neželjena reklama',
    offensive: 'bilješka je uvredljiva',
    wrong_information: 'bilješka nije točna',
    private_person: 'bilješka imenuje privatnu osobu',
  },
};

export function verificationMail(
  ctx: MailContext,
  input: { displayName: string; token: string },
): ComposedMail {
  const t = TEXTS[ctx.language];
  return composeMail({
    ...ctx,
    subject: t.verifySubject(ctx.siteName),
    paragraphs: [t.verifyIntro(ctx.siteName, input.displayName), t.verifyValidity],
    action: { label: t.verifyAction, url: `${ctx.publicUrl}/verify-email?token=${input.token}` },
    after: [t.verifyNotYou],
  });
}

export function proposalNoticeMail(
  ctx: MailContext,
  input: { placeName: string; authorName: string; unsubscribe: UnsubscribeLink },
): ComposedMail {
  const t = TEXTS[ctx.language];
  return composeMail({
    ...ctx,
    subject: t.proposalSubject(input.placeName),
    paragraphs: [t.proposalIntro(input.authorName, input.placeName)],
    action: { label: t.openQueue, url: `${ctx.publicUrl}/review` },
    after: [t.reviewWhy],
    unsubscribe: { label: UNSUBSCRIBE[ctx.language], url: input.unsubscribe.url },
  });
}

/** What a flag says: what it is about, why, and the reporter's words. */
export type FlagReport = { comment: string | null } & (
  | { about: 'place' | 'photo'; reason: FlagReason | PhotoFlagReason }
  | { about: 'note'; reason: NoteFlagReason }
);

/** "A note waits on {place}": who wrote it and its text, for a moderator who asked to hear at once. */
export function noteNoticeMail(
  ctx: MailContext,
  input: { placeName: string; authorName: string | null; text: string; unsubscribe: UnsubscribeLink },
): ComposedMail {
  const t = TEXTS[ctx.language];
  return composeMail({
    ...ctx,
    subject: t.noteSubject(input.placeName),
    paragraphs: [t.noteIntro(input.authorName ?? t.noteVisitor, input.placeName), `“${input.text}”`],
    action: { label: t.openQueue, url: `${ctx.publicUrl}/review` },
    after: [t.reviewWhy],
    unsubscribe: { label: UNSUBSCRIBE[ctx.language], url: input.unsubscribe.url },
  });
}

export function flagNoticeMail(
  ctx: MailContext,
  input: { placeName: string; flag: FlagReport; unsubscribe: UnsubscribeLink },
): ComposedMail {
  const t = TEXTS[ctx.language];
  const { flag } = input;
  const reason =
    flag.about === 'note'
      ? NOTE_FLAG_REASONS[ctx.language][flag.reason]
      : FLAG_REASONS[ctx.language][flag.reason];
  return composeMail({
    ...ctx,
    subject: t.flagSubject(input.placeName),
    paragraphs: [
      t.flagIntro(input.placeName, reason),
      ...(flag.comment ? [t.flagComment(flag.comment)] : []),
    ],
    action: { label: t.openFlags, url: `${ctx.publicUrl}/flags` },
    after: [t.reviewWhy],
    unsubscribe: { label: UNSUBSCRIBE[ctx.language], url: input.unsubscribe.url },
  });
}

export function decisionMail(
  ctx: MailContext,
  input: {
    placeId: number;
    placeName: string;
    decision: 'published' | 'rejected';
    reason: string | null;
    unsubscribe: UnsubscribeLink;
  },
): ComposedMail {
  const t = TEXTS[ctx.language];
  const published = input.decision === 'published';
  return composeMail({
    ...ctx,
    subject: published ? t.publishedSubject(input.placeName) : t.rejectedSubject(input.placeName),
    paragraphs: published
      ? [t.publishedIntro(input.placeName)]
      : [
          t.rejectedIntro(input.placeName),
          ...(input.reason ? [t.rejectedReason(input.reason)] : []),
          t.rejectedNext,
        ],
    action: published
      ? { label: t.openPlace, url: `${ctx.publicUrl}/places/${input.placeId}` }
      : { label: t.openSubmissions, url: `${ctx.publicUrl}/my-submissions` },
    after: [t.decisionWhy],
    unsubscribe: { label: UNSUBSCRIBE[ctx.language], url: input.unsubscribe.url },
  });
}

export function reviewDigestMail(
  ctx: MailContext,
  input: {
    proposals: { total: number; names: string[] };
    /** Notes waiting for a moderator, by their places' names. */
    notes: { total: number; names: string[] };
    flags: { total: number; names: string[] };
    unsubscribe: UnsubscribeLink;
  },
): ComposedMail {
  const t = TEXTS[ctx.language];
  const section = (heading: string, part: { total: number; names: string[] }) =>
    part.total === 0
      ? []
      : [
          [heading, ...part.names.map((name) => `• ${name}`)].join('\n'),
          ...(part.total > part.names.length ? [t.andMore(part.total - part.names.length)] : []),
        ];
  return composeMail({
    ...ctx,
    subject: t.digestSubject(ctx.siteName, input.proposals.total + input.notes.total + input.flags.total),
    paragraphs: [
      t.digestIntro,
      ...section(t.digestProposals(input.proposals.total), input.proposals),
      ...section(t.digestNotes(input.notes.total), input.notes),
      ...section(t.digestFlags(input.flags.total), input.flags),
    ],
    action: { label: t.openQueue, url: `${ctx.publicUrl}/review` },
    after: [t.reviewWhy],
    unsubscribe: { label: UNSUBSCRIBE[ctx.language], url: input.unsubscribe.url },
  });
}
