import type { Bounds, LatLng } from '@karta/contracts';
import { type ComposedMail, composeMail } from '../compose.ts';
import type { MailLanguage } from './mail-language.ts';
import type { MailContext, UnsubscribeLink } from './notice-mails.ts';

/** What a follow watches, as its e-mails describe it. */
export interface FollowedPlace {
  bbox: Bounds | null;
  point: LatLng | null;
  /** The chosen categories' names in the reader's language; null for every category. */
  categoryNames: string[] | null;
  frequency: 'daily' | 'weekly';
  /** Whether a place there reported closed is e-mailed at once too. */
  alerts: boolean;
}

/** One change in a digest: the place's name, what happened, and its page (none once archived). */
export interface DigestChange {
  name: string;
  kind: 'added' | 'changed' | 'archived' | 'restored';
  url: string | null;
}

/** One note in a digest or an alert: the place's name, what kind of note, its text and the place's page. */
export interface DigestNote {
  name: string;
  kind: 'closed_now' | 'limited' | 'normal' | 'comment';
  text: string;
  url: string;
}

const TEXTS = {
  en: {
    area: (box: Bounds) =>
      `the map area from ${box.south.toFixed(4)}, ${box.west.toFixed(4)} to ${box.north.toFixed(4)}, ${box.east.toFixed(4)}`,
    spot: (point: LatLng) => `the places serving the spot ${point.lat.toFixed(5)}, ${point.lng.toFixed(5)}`,
    only: (names: string[]) => ` (only ${names.join(', ')})`,
    frequency: { daily: 'daily', weekly: 'weekly' },
    confirmSubject: (site: string) => `Confirm your follow on ${site}`,
    confirmIntro: (what: string, frequency: string) =>
      `Someone, hopefully you, asked to follow ${what} by e-mail, with a ${frequency} digest of places added, changed or closed there.`,
    confirmAlerts: 'You will also get an e-mail at once when a place there is reported closed today.',
    confirmNothing: 'Nothing will be sent unless you confirm. The link works for seven days.',
    confirmAction: 'Confirm the follow',
    notYou: 'If you did not ask for this, ignore this e-mail.',
    fullSubject: (site: string) => `You follow as many areas as you can on ${site}`,
    fullIntro: (max: number) =>
      `Someone, hopefully you, asked for a new follow, but this address already has ${max} follows, the most it may have. End one to make room.`,
    manage: 'See and end your follows',
    digestSubject: (site: string, count: number) =>
      `${site}: ${count} ${count === 1 ? 'change' : 'changes'} where you follow`,
    digestIntro: (what: string) => `What changed in ${what}:`,
    kinds: { added: 'New', changed: 'Changed', archived: 'Closed', restored: 'Back again' },
    notesIntro: 'What visitors reported:',
    noteKinds: {
      closed_now: 'Reported closed',
      limited: 'Open with limits',
      normal: 'Status',
      comment: 'Comment',
    },
    alertSubject: (name: string) => `Reported closed today: ${name}`,
    alertIntro: (name: string, what: string) => `A visitor reported ${name} closed today, in ${what}:`,
    alertHours: 'This is a report, not the opening hours: check the place before you go.',
    openPlace: 'Open the place',
    alertWhy:
      'You receive this because you follow this area and asked to hear at once when a place there is reported closed. Unsubscribe below, or see all your follows.',
    more: 'There were more changes: see the map.',
    openMap: 'Open the map there',
    why: 'You receive this because you follow this area. Unsubscribe below, or see all your follows.',
    unsubscribe: 'Unsubscribe',
  },
  hr: {
    area: (box: Bounds) =>
      `područje karte od ${box.south.toFixed(4)}, ${box.west.toFixed(4)} do ${box.north.toFixed(4)}, ${box.east.toFixed(4)}`,
    spot: (point: LatLng) => `mjesta koja pokrivaju točku ${point.lat.toFixed(5)}, ${point.lng.toFixed(5)}`,
    only: (names: string[]) => ` (samo ${names.join(', ')})`,
    frequency: { daily: 'dnevni', weekly: 'tjedni' },
    confirmSubject: (site: string) => `Potvrdite praćenje na ${site}`,
    confirmIntro: (what: string, frequency: string) =>
      `Netko je, nadamo se vi, zatražio da e-poštom prati ${what}: ${frequency} sažetak mjesta koja su dodana, promijenjena ili zatvorena.`,
    confirmAlerts: 'Dobit ćete i poruku odmah kad netko prijavi da je neko mjesto ondje danas zatvoreno.',
    confirmNothing: 'Bez potvrde vam nećemo ništa slati. Poveznica vrijedi sedam dana.',
    confirmAction: 'Potvrdi praćenje',
    notYou: 'Ako to niste bili vi, zanemarite ovu poruku.',
    fullSubject: (site: string) => `Pratite najviše područja na ${site}`,
    fullIntro: (max: number) =>
      `Netko je, nadamo se vi, zatražio novo praćenje, ali ova adresa već prati ${max} područja, koliko najviše smije. Završite neko da oslobodite mjesto.`,
    manage: 'Pogledajte i završite svoja praćenja',
    digestSubject: (site: string, count: number) => `${site}: promjene gdje pratite (${count})`,
    digestIntro: (what: string) => `Što se promijenilo: ${what}`,
    kinds: { added: 'Novo', changed: 'Promijenjeno', archived: 'Zatvoreno', restored: 'Ponovno otvoreno' },
    notesIntro: 'Što su posjetitelji javili:',
    noteKinds: {
      closed_now: 'Prijavljeno zatvoreno',
      limited: 'Ograničen rad',
      normal: 'Stanje',
      comment: 'Komentar',
    },
    alertSubject: (name: string) => `Prijavljeno danas zatvoreno: ${name}`,
    alertIntro: (name: string, what: string) =>
      `Posjetitelj je prijavio da je ${name} danas zatvoreno (${what}):`,
    alertHours: 'Ovo je prijava, a ne radno vrijeme: provjerite mjesto prije nego što krenete.',
    openPlace: 'Otvori mjesto',
    alertWhy:
      'Ovo primate jer pratite ovo područje i tražili ste poruku odmah kad se ondje prijavi zatvoreno mjesto. Odjavite se ispod ili pogledajte sva praćenja.',
    more: 'Bilo je još promjena: pogledajte kartu.',
    openMap: 'Otvori kartu',
    why: 'Ovo primate jer pratite ovo područje. Odjavite se ispod ili pogledajte sva praćenja.',
    unsubscribe: 'Odjava',
  },
} satisfies Record<MailLanguage, unknown>;

function describe(language: MailLanguage, followed: FollowedPlace): string {
  const t = TEXTS[language];
  const where = followed.bbox ? t.area(followed.bbox) : followed.point ? t.spot(followed.point) : '';
  return where + (followed.categoryNames ? t.only(followed.categoryNames) : '');
}

/** The map at the follow: the box's centre at a zoom that shows it, or the spot up close. */
export function followMapUrl(publicUrl: string, followed: Pick<FollowedPlace, 'bbox' | 'point'>): string {
  if (followed.point) return `${publicUrl}/?lat=${followed.point.lat}&lng=${followed.point.lng}&z=16`;
  const box = followed.bbox as Bounds;
  const width = box.east >= box.west ? box.east - box.west : box.east + 360 - box.west;
  const height = Math.max(box.north - box.south, 1e-6);
  const zoom = Math.max(2, Math.min(18, Math.floor(Math.log2(360 / Math.max(width, height * 1.5, 1e-6)))));
  const lng = ((((box.west + width / 2 + 180) % 360) + 360) % 360) - 180;
  const lat = (box.south + box.north) / 2;
  return `${publicUrl}/?lat=${lat.toFixed(5)}&lng=${lng.toFixed(5)}&z=${zoom}`;
}

export function followConfirmationMail(
  ctx: MailContext,
  input: { followed: FollowedPlace; confirmUrl: string; manageUrl: string },
): ComposedMail {
  const t = TEXTS[ctx.language];
  return composeMail({
    ...ctx,
    subject: t.confirmSubject(ctx.siteName),
    paragraphs: [
      t.confirmIntro(describe(ctx.language, input.followed), t.frequency[input.followed.frequency]),
      ...(input.followed.alerts ? [t.confirmAlerts] : []),
      t.confirmNothing,
    ],
    action: { label: t.confirmAction, url: input.confirmUrl },
    after: [t.notYou, `${t.manage}: ${input.manageUrl}`],
  });
}

export function followsFullMail(ctx: MailContext, input: { max: number; manageUrl: string }): ComposedMail {
  const t = TEXTS[ctx.language];
  return composeMail({
    ...ctx,
    subject: t.fullSubject(ctx.siteName),
    paragraphs: [t.fullIntro(input.max)],
    action: { label: t.manage, url: input.manageUrl },
    after: [t.notYou],
  });
}

export function followDigestMail(
  ctx: MailContext,
  input: {
    followed: FollowedPlace;
    changes: DigestChange[];
    notes: DigestNote[];
    more: boolean;
    mapUrl: string;
    manageUrl: string;
    unsubscribe: UnsubscribeLink;
  },
): ComposedMail {
  const t = TEXTS[ctx.language];
  const lines = input.changes.map(
    (change) => `${t.kinds[change.kind]}: ${change.name}${change.url ? ` – ${change.url}` : ''}`,
  );
  return composeMail({
    ...ctx,
    subject: t.digestSubject(ctx.siteName, input.changes.length + input.notes.length),
    paragraphs: [
      ...(lines.length > 0 ? [t.digestIntro(describe(ctx.language, input.followed)), lines.join('\n')] : []),
      ...(input.notes.length > 0
        ? [t.notesIntro, input.notes.map((note) => noteLine(ctx.language, note)).join('\n')]
        : []),
      ...(input.more ? [t.more] : []),
    ],
    action: { label: t.openMap, url: input.mapUrl },
    after: [t.why, `${t.manage}: ${input.manageUrl}`],
    unsubscribe: { label: t.unsubscribe, url: input.unsubscribe.url },
  });
}

/** A note as one line: "Reported closed: Name: “No water today” – page". */
function noteLine(language: MailLanguage, note: DigestNote): string {
  return `${TEXTS[language].noteKinds[note.kind]}: ${note.name}: “${note.text}” – ${note.url}`;
}

/** The e-mail sent at once to a follow that asked for it when a place there is reported closed. */
export function closedAlertMail(
  ctx: MailContext,
  input: {
    followed: FollowedPlace;
    note: DigestNote;
    manageUrl: string;
    unsubscribe: UnsubscribeLink;
  },
): ComposedMail {
  const t = TEXTS[ctx.language];
  return composeMail({
    ...ctx,
    subject: t.alertSubject(input.note.name),
    paragraphs: [
      t.alertIntro(input.note.name, describe(ctx.language, input.followed)),
      `“${input.note.text}”`,
      t.alertHours,
    ],
    action: { label: t.openPlace, url: input.note.url },
    after: [t.alertWhy, `${t.manage}: ${input.manageUrl}`],
    unsubscribe: { label: t.unsubscribe, url: input.unsubscribe.url },
  });
}
