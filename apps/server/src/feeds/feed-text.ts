import type { ChangeKind } from '../changes/public-changes.ts';

/** What a note is, for its title: a status note by its effect, or a comment. */
export type NoteTitleKind = 'closed_now' | 'limited' | 'normal' | 'comment';

/**
 * The words of the feeds, in the site's default language (DEFAULT_LANGUAGE): a feed has one
 * language for everyone who reads it, and its URL is shared. Croatian and English; any other
 * language reads English. Place and category names come in that language when the place has it.
 */
interface FeedWords {
  placesTitle: (site: string) => string;
  placesSubtitle: string;
  change: Record<ChangeKind, (name: string) => string>;
  changed: (fields: string) => string;
  note: Record<NoteTitleKind, (name: string) => string>;
  fields: Record<string, string>;
  reviewTitle: (site: string) => string;
  reviewSubtitle: string;
  proposal: (name: string) => string;
  placeFlag: (name: string, reason: string) => string;
  photoFlag: (name: string, reason: string) => string;
  noteFlag: (name: string, reason: string) => string;
  pendingNote: (name: string) => string;
  reasons: Record<string, string>;
}

const EN: FeedWords = {
  placesTitle: (site) => `${site}: changes to places`,
  placesSubtitle: 'Places added, changed, archived or restored, and visitors’ notes, newest first',
  change: {
    added: (name) => `${name}: added`,
    changed: (name) => `${name}: changed`,
    archived: (name) => `${name}: archived`,
    restored: (name) => `${name}: restored`,
  },
  changed: (fields) => `Changed: ${fields}`,
  note: {
    closed_now: (name) => `${name}: reported closed`,
    limited: (name) => `${name}: reported open with limits`,
    normal: (name) => `${name}: status note`,
    comment: (name) => `${name}: new comment`,
  },
  fields: {
    name: 'name',
    description: 'description',
    categoryId: 'category',
    lat: 'position',
    lng: 'position',
    radius: 'area served',
    locationPrivacy: 'location shown',
    address: 'address',
    phone: 'phone',
    email: 'e-mail',
    website: 'website',
    openingHours: 'opening hours',
  },
  reviewTitle: (site) => `${site}: review queue`,
  reviewSubtitle: 'Proposals and notes waiting for review, and new reports, newest first',
  proposal: (name) => `New proposal: ${name}`,
  placeFlag: (name, reason) => `Report on ${name}: ${reason}`,
  photoFlag: (name, reason) => `Report on a photo of ${name}: ${reason}`,
  noteFlag: (name, reason) => `Report on a note on ${name}: ${reason}`,
  pendingNote: (name) => `New note on ${name}`,
  reasons: {
    does_not_exist: 'does not exist',
    wrong_information: 'wrong information',
    duplicate: 'duplicate',
    inappropriate: 'inappropriate',
    not_this_place: 'not this place',
    private_person: 'shows a person',
    offensive: 'offensive',
    copyright: 'copyright',
    spam: 'spam',
  },
};

const HR: FeedWords = {
  placesTitle: (site) => `${site}: promjene mjesta`,
  placesSubtitle:
    'Dodana, promijenjena, arhivirana i vraćena mjesta te bilješke posjetitelja, najnovije prve',
  change: {
    added: (name) => `${name}: dodano`,
    changed: (name) => `${name}: promijenjeno`,
    archived: (name) => `${name}: arhivirano`,
    restored: (name) => `${name}: ponovno objavljeno`,
  },
  changed: (fields) => `Promijenjeno: ${fields}`,
  note: {
    closed_now: (name) => `${name}: prijavljeno zatvoreno`,
    limited: (name) => `${name}: prijavljen ograničen rad`,
    normal: (name) => `${name}: obavijest o stanju`,
    comment: (name) => `${name}: novi komentar`,
  },
  fields: {
    name: 'naziv',
    description: 'opis',
    categoryId: 'kategorija',
    lat: 'položaj',
    lng: 'položaj',
    radius: 'područje koje služi',
    locationPrivacy: 'prikaz lokacije',
    address: 'adresa',
    phone: 'telefon',
    email: 'e-pošta',
    website: 'web-stranica',
    openingHours: 'radno vrijeme',
  },
  reviewTitle: (site) => `${site}: red za pregled`,
  reviewSubtitle: 'Prijedlozi i bilješke koji čekaju pregled te nove prijave, najnoviji prvi',
  proposal: (name) => `Novi prijedlog: ${name}`,
  placeFlag: (name, reason) => `Prijava za ${name}: ${reason}`,
  photoFlag: (name, reason) => `Prijava fotografije mjesta ${name}: ${reason}`,
  noteFlag: (name, reason) => `Prijava bilješke na mjestu ${name}: ${reason}`,
  pendingNote: (name) => `Nova bilješka na mjestu ${name}`,
  reasons: {
    does_not_exist: 'ne postoji',
    wrong_information: 'netočni podaci',
    duplicate: 'duplikat',
    inappropriate: 'neprimjereno',
    not_this_place: 'nije ovo mjesto',
    private_person: 'prikazuje osobu',
    offensive: 'uvredljivo',
    copyright: 'autorska prava',
    spam: 'neželjena reklama',
  },
};

export function feedWords(language: string): FeedWords {
  return language === 'hr' ? HR : EN;
}

/** A name or a text in `language`, else in the place's first language, else any it has. */
export function textIn(text: Record<string, string>, language: string, fallback?: string): string {
  return text[language] ?? (fallback ? text[fallback] : undefined) ?? Object.values(text)[0] ?? '';
}

/** An edit's changed fields as words, each once, in the order given (`lat` and `lng` are one). */
export function fieldList(fields: readonly string[], words: FeedWords): string {
  return [...new Set(fields.map((field) => words.fields[field] ?? field))].join(', ');
}
