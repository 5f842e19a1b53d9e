import { encodeQuery, type PlacesFeedQuery, routes } from '@karta/contracts';
import type { PublicChange } from '../changes/public-changes.ts';
import type { PublishedNote } from '../notes/published-notes.ts';
import type { AtomDocument, AtomEntry } from './atom.ts';
import { feedWords, fieldList, textIn } from './feed-text.ts';

/**
 * The feed's own URL for `query`: the query in its one wire form (the client's encoder), so the
 * same filters always make the same URL, which is also the feed's id.
 */
export function placesFeedUrl(origin: string, query: PlacesFeedQuery): string {
  const search = new URLSearchParams(encodeQuery(query));
  return `${origin}${routes.placesFeed.path}${search.size > 0 ? `?${search}` : ''}`;
}

/** The page of a place on the site. */
export const placePage = (origin: string, placeId: number) => `${origin}/places/${placeId}`;

/**
 * One change as an entry: "Name: added" in `language`, linked to the place's page, with the
 * category (and the address of a place shown at its exact position) and what an edit changed.
 * No position: a coarse place's entry gives nothing more precise than its page does. A place
 * archived since is off the map: its entries keep their ids but name only the place and its
 * category, and lead to the map, as its page is closed to visitors (decision 023).
 */
function changeEntry(change: PublicChange, origin: string, language: string): AtomEntry {
  const words = feedWords(language);
  const name = textIn(change.name, language, change.primaryLanguage);
  const page = placePage(origin, change.placeId);
  const onMap = change.status === 'published';
  const about = [textIn(change.categoryName, language), onMap ? change.address : null]
    .filter(Boolean)
    .join(' · ');
  const summary =
    change.kind === 'changed' ? `${words.changed(fieldList(change.fields, words))}. ${about}` : about;
  return {
    id: `${page}#change-${change.id}`,
    title: words.change[change.kind](name),
    link: onMap ? page : `${origin}/`,
    updated: change.at,
    summary,
  };
}

/**
 * A published note as an entry: "Name: reported closed", its text as written (in its own
 * language), linked to the place's page. It names no author: a feed is read by anyone.
 */
function noteEntry(note: PublishedNote, origin: string, language: string): AtomEntry {
  const words = feedWords(language);
  const name = textIn(note.name, language, note.primaryLanguage);
  const page = placePage(origin, note.placeId);
  return {
    id: `${page}#note-${note.id}`,
    title: words.note[note.effect ?? 'comment'](name),
    link: page,
    updated: note.publishedAt,
    summary: `${note.text} · ${textIn(note.categoryName, language)}`,
  };
}

/**
 * The public changes feed of `query` (see `publicChanges`) with the notes published there, newest
 * first, at most `limit` entries, as an Atom document.
 */
export function placesFeedDocument(options: {
  changes: readonly PublicChange[];
  notes: readonly PublishedNote[];
  limit: number;
  query: PlacesFeedQuery;
  origin: string;
  language: string;
  site: string;
}): AtomDocument {
  const { changes, notes, limit, query, origin, language, site } = options;
  const words = feedWords(language);
  const entries = [
    ...changes.map((change) => changeEntry(change, origin, language)),
    ...notes.map((note) => noteEntry(note, origin, language)),
  ]
    .sort((a, b) => b.updated.getTime() - a.updated.getTime())
    .slice(0, limit);
  return {
    self: placesFeedUrl(origin, query),
    alternate: `${origin}/`,
    title: words.placesTitle(site),
    subtitle: words.placesSubtitle,
    site,
    entries,
  };
}
