import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { foldSpelled, foldText } from '../fold.ts';
import { type PlaceRecord, type PreparedPlace, preparePlaces } from '../prepared-places.ts';
import { hasSpellings, searchWords } from '../search-words.ts';
import { editDistance, MAX_EDITS, TYPO_MIN_WORD } from '../typo-rank.ts';
import { TYPO_ALTERNATIVES } from '../typo-spellings.ts';
import { writtenMatch } from '../written-match.ts';
import { placeWords, WHOLE_NAME } from './place-words.ts';
import { WordIndex } from './word-index.ts';

/** Few letters, so words share beginnings and pieces; letters that fold or spell out; separators. */
const PIECES = [
  'ka',
  'ko',
  'ab',
  'ba',
  'an',
  'Köln',
  'koeln',
  'đak',
  'dj',
  'Čaj',
  'caj',
  'ß',
  'ss',
  'o',
  'e',
];
const SEPARATORS = [' ', ' ', ' ', '. ', '-', '(', ')', ', ', '\n', ''];

const word = fc
  .array(fc.constantFrom(...PIECES), { minLength: 1, maxLength: 3 })
  .map((pieces) => pieces.join(''));
const text = fc
  .array(fc.tuple(fc.constantFrom(...SEPARATORS), word), { minLength: 1, maxLength: 4 })
  .map((parts) => parts.map(([separator, w]) => `${separator}${w}`).join(''));
const texts = fc.dictionary(fc.constantFrom('hr', 'en', 'de'), text, { minKeys: 1, maxKeys: 2 });
const record = fc.record({
  name: texts,
  description: fc.option(texts, { nil: null }),
  address: fc.option(text, { nil: null }),
});
/** Queries: a piece of a word, a word, or a few of them, with the odd separator inside. */
const query = fc.oneof(
  fc.constantFrom(...PIECES).map((piece) => piece.slice(0, 2)),
  word,
  fc.array(word, { minLength: 2, maxLength: 3 }).map((words) => words.join(' ')),
  text,
);

/** The places matching `q` and their ranks, found by checking every place (written-match.ts). */
function expected(places: readonly (PreparedPlace | undefined)[], q: string): Map<number, number> {
  const written = writtenMatch(q);
  const found = new Map<number, number>();
  places.forEach((place, slot) => {
    if (place && written.matches(place)) found.set(slot, written.rank(place));
  });
  return found;
}

function answered(index: WordIndex, q: string): Map<number, number> | null {
  const matches = index.match(q);
  if (!matches) return null;
  return new Map([...matches.slots].map((slot, i) => [slot, matches.ranks[i] as number]));
}

/** Whether a word of `q` folds to nothing or to several words: the index leaves those to the database. */
function crossesWords(q: string): boolean {
  return searchWords(q).some((w) => {
    const folded = [foldText(w), ...(hasSpellings(w) ? [foldSpelled(w)] : [])];
    return folded.some((form) => form === '' || form.includes(' '));
  });
}

/** The word index of prepared places, each in the slot of its position. */
const indexOf = (places: readonly PreparedPlace[]) =>
  WordIndex.of(
    places.map((place, slot) => ({ slot, names: place.names, text: place.text })),
    (slot) => (places[slot] as PreparedPlace).names,
  );

const prepare = (records: readonly Omit<PlaceRecord, 'id' | 'lat' | 'lng'>[]) =>
  preparePlaces(records.map((r, id) => ({ ...r, id, lat: 0, lng: 0 }))).places;

describe('WordIndex', () => {
  it('finds the places a search matches as written, with their ranks, as checking each place does', () => {
    fc.assert(
      fc.property(
        fc.array(record, { minLength: 1, maxLength: 40 }),
        fc.array(query, { minLength: 1, maxLength: 8 }),
        (records, queries) => {
          const places = prepare(records);
          const index = indexOf(places);
          for (const q of queries) {
            const found = answered(index, q);
            if (found === null) {
              expect(crossesWords(q)).toBe(true);
              continue;
            }
            expect(found).toEqual(expected(places, q));
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('follows places set, changed and removed, before and after they are built in', () => {
    const change = fc.oneof(
      fc.record({ slot: fc.nat(30), place: record }),
      fc.record({ slot: fc.nat(30), place: fc.constant(null) }),
    );
    fc.assert(
      fc.property(
        fc.array(record, { maxLength: 20 }),
        fc.array(change, { minLength: 1, maxLength: 30 }),
        fc.array(query, { minLength: 1, maxLength: 5 }),
        fc.integer({ min: 1, max: 40 }),
        (records, changes, queries, rebuildAfter) => {
          const places: (PreparedPlace | undefined)[] = [...prepare(records)];
          const index = WordIndex.of(
            places.map((place, slot) => ({ slot, names: place?.names ?? '', text: place?.text ?? '' })),
            (slot) => places[slot]?.names ?? '',
            rebuildAfter,
          );
          for (const { slot, place } of changes) {
            if (place === null) {
              places[slot] = undefined;
              index.remove(slot);
            } else {
              const prepared = prepare([place])[0] as PreparedPlace;
              places[slot] = prepared;
              index.set(slot, prepared.names, prepared.text);
            }
            const q = queries[slot % queries.length] as string;
            const found = answered(index, q);
            if (found !== null) expect(found).toEqual(expected(places, q));
          }
          for (const q of queries) {
            const found = answered(index, q);
            if (found !== null) expect(found).toEqual(expected(places, q));
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it('finds the places whose names hold a spelling of every word, within two edits, as checking every name word does', () => {
    /** A word of the generated names with a letter changed, added, dropped or two swapped. */
    const typo = fc
      .tuple(
        word,
        fc.nat(20),
        fc.constantFrom('change', 'add', 'drop', 'swap'),
        fc.constantFrom('a', 'k', 'ö'),
      )
      .map(([w, at, edit, letter]) => {
        const letters = [...w];
        const i = at % letters.length;
        if (edit === 'change') letters[i] = letter;
        if (edit === 'add') letters.splice(i, 0, letter);
        if (edit === 'drop') letters.splice(i, 1);
        if (edit === 'swap' && i + 1 < letters.length)
          [letters[i], letters[i + 1]] = [letters[i + 1] as string, letters[i] as string];
        return letters.join('');
      });
    const typed = fc.oneof(
      typo,
      fc.tuple(typo, word).map(([a, b]) => `${a} ${b}`),
      query,
    );
    fc.assert(
      fc.property(
        fc.array(record, { minLength: 1, maxLength: 30 }),
        fc.array(typed, { minLength: 1, maxLength: 6 }),
        (records, queries) => {
          const places = prepare(records);
          const index = indexOf(places);
          const vocabulary = [...new Set(places.flatMap((place) => place.names.split(/[| ]+/)))].filter(
            (w) => [...w].length >= 3,
          );
          for (const q of queries) {
            const found = index.typoCandidates(q);
            const words = q
              .split(/\s+/)
              .filter((w) => w.length > 0)
              .map(foldText)
              .filter((w) => w.length > 0);
            if (words.some((w) => w.includes(' '))) {
              expect(found).toBeNull();
              continue;
            }
            const spellings = words.map((w) => {
              if ([...w].length < TYPO_MIN_WORD) return [w];
              const close = vocabulary
                .map((v) => ({ v, edits: editDistance(w, v, MAX_EDITS) }))
                .filter(({ edits }) => edits <= MAX_EDITS);
              const fewest = Math.min(...close.map(({ edits }) => edits));
              return close.filter(({ edits }) => edits === fewest).map(({ v }) => v);
            });
            const spelled = index.typoCandidates(q);
            expect(spelled?.phrase).toBe(words.join(' '));
            // Up to five of the closest spellings are kept: each kept one is among the closest.
            words.forEach((w, i) => {
              const kept = index.spellingsOf(w);
              expect(kept.length).toBe(Math.min(TYPO_ALTERNATIVES, spellings[i]?.length ?? 0));
              for (const k of kept) expect(spellings[i]).toContain(k);
            });
            const kept = words.map((w) => index.spellingsOf(w));
            const expectedSlots = places.flatMap((place, slot) =>
              words.length > 0 && kept.every((each) => each.some((k) => place.names.includes(k)))
                ? [slot]
                : [],
            );
            expect([...(found?.slots ?? [])].sort((a, b) => a - b)).toEqual(expectedSlots);
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it('gathers the postings of many places in several chunks without losing one', () => {
    const random = fc.sample(fc.array(fc.constantFrom(...PIECES), { minLength: 3, maxLength: 3 }), {
      numRuns: 40_000,
      seed: 5,
    });
    const places = prepare(random.map((pieces) => ({ name: { hr: pieces.join(' ') } })));
    const index = indexOf(places);
    for (const q of ['ka', 'koeln', 'đak ab', 'ss']) expect(answered(index, q)).toEqual(expected(places, q));
  });

  it('ranks the examples of the ranks as the search does', () => {
    const places = prepare([
      { name: { hr: 'Ljekarna' } },
      { name: { hr: 'Ljekarna Centar' } },
      { name: { hr: 'Gradska ljekarna' } },
      { name: { hr: 'Trg' }, address: 'Ljekarnička ulica 1' },
      { name: { de: 'Köln', en: 'Cologne' } },
      { name: { hr: 'Centar (ljekarna)' } },
    ]);
    const index = indexOf(places);
    expect(answered(index, 'ljekarna')).toEqual(
      new Map([
        [0, 0],
        [1, 1],
        [2, 2],
        [5, 2],
      ]),
    );
    expect(answered(index, 'ljekarn')).toEqual(
      new Map([
        [0, 1],
        [1, 1],
        [2, 2],
        [3, 4],
        [5, 2],
      ]),
    );
    expect(answered(index, 'ljekarna centar')).toEqual(
      new Map([
        [1, 0],
        [5, 3],
      ]),
    );
    expect(answered(index, 'koeln')).toEqual(new Map([[4, 0]]));
    expect(answered(index, 'st.mark')).toBeNull();
  });

  it('keeps a word that is a whole name apart from one that only begins a name', () => {
    expect(placeWords('|kavana|cafe bar|', '|kavana|cafe bar|opis|').get('kavana')).toBe(1 | 2 | WHOLE_NAME);
    expect(placeWords('|kavana|cafe bar|', '|kavana|cafe bar|opis|').get('cafe')).toBe(1 | 2);
    expect(placeWords('|kavana|cafe bar|', '|kavana|cafe bar|opis|').get('bar')).toBe(1 | 4);
    expect(placeWords('|kavana|cafe bar|', '|kavana|cafe bar|opis|').get('opis')).toBe(0);
  });
});
