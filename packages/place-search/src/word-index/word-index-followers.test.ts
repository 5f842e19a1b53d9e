import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { type PlaceRecord, type PreparedPlace, preparePlaces } from '../prepared-places.ts';
import { type WordChange, WordIndex } from './word-index.ts';

const WORDS = [
  'kava',
  'kavana',
  'Köln',
  'koeln',
  'čaj',
  'caj',
  'đak',
  'straße',
  'strasse',
  'ljekarna',
  'ljekarne',
  'pekara',
];
const text = fc
  .array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 3 })
  .map((words) => words.join(' '));
const record = fc.record({
  name: fc.dictionary(fc.constantFrom('hr', 'en'), text, { minKeys: 1, maxKeys: 2 }),
  description: fc.option(fc.dictionary(fc.constantFrom('hr'), text, { minKeys: 1 }), { nil: null }),
  address: fc.option(text, { nil: null }),
});
/** Queries as written, pieces, two words, and misspelt words. */
const QUERIES = [
  'kava',
  'kav',
  'koln',
  'caj',
  'strasse',
  'ljekarna kava',
  'ljkarna',
  'kvaana',
  'pekra',
  'dak',
];

const prepare = (records: readonly Omit<PlaceRecord, 'id' | 'lat' | 'lng'>[]) =>
  preparePlaces(records.map((r, id) => ({ ...r, id, lat: 0, lng: 0 }))).places;

/** Every answer a follower must give as the leader does. */
function answers(index: WordIndex): unknown[] {
  return QUERIES.flatMap((q) => {
    const matches = index.match(q);
    const typos = index.typoCandidates(q);
    return [
      matches && [...matches.slots].map((slot, i) => [slot, matches.ranks[i]]).sort(),
      typos && { slots: [...typos.slots].sort(), phrase: typos.phrase },
      index.spellingsOf(q.split(' ')[0] as string),
    ];
  });
}

/** A follower with the names its own state holds (a reader's map index gives them so). */
interface Follower {
  index: WordIndex;
  names: (PreparedPlace | undefined)[];
}

interface Handover {
  changes: WordChange[];
  answers: unknown[];
  names: (PreparedPlace | undefined)[];
}

describe('WordIndex: followers of a shared index', () => {
  it('answer as the leader did at each handover, through changes and rebuilds, lagging or starting late', () => {
    const change = fc.oneof(
      { weight: 4, arbitrary: fc.record({ slot: fc.nat(40), place: record }) },
      fc.record({ slot: fc.nat(40), place: fc.constant(null) }),
      fc.constant('cut' as const),
    );
    fc.assert(
      fc.property(
        fc.array(record, { maxLength: 30 }),
        fc.array(change, { minLength: 1, maxLength: 60 }),
        fc.integer({ min: 1, max: 60 }),
        fc.integer({ min: 1, max: 3 }),
        (records, changes, rebuildAfter, lag) => {
          const places: (PreparedPlace | undefined)[] = [...prepare(records)];
          const leader = WordIndex.of(
            places.map((place, slot) => ({ slot, names: place?.names ?? '', text: place?.text ?? '' })),
            (slot) => places[slot]?.names ?? '',
            rebuildAfter,
            true,
          );
          const follow = (): Follower => {
            const follower: Follower = { index: undefined as unknown as WordIndex, names: [...places] };
            follower.index = WordIndex.follow(leader.image(), (slot) => follower.names[slot]?.names ?? '');
            return follower;
          };
          const take = (follower: Follower, handover: Handover) => {
            follower.index.apply(handover.changes);
            follower.names = handover.names;
            expect(answers(follower.index)).toEqual(handover.answers);
          };
          const prompt = follow();
          const lagging = follow();
          let late: Follower | undefined;
          const handovers: Handover[] = [];
          let laggingAt = 0;
          const handOver = () => {
            handovers.push({ changes: leader.takeChanges(), answers: answers(leader), names: [...places] });
            const handover = handovers.at(-1) as Handover;
            take(prompt, handover);
            if (late) take(late, handover);
            for (; handovers.length - laggingAt > lag; laggingAt += 1)
              take(lagging, handovers[laggingAt] as Handover);
          };
          changes.forEach((each, at) => {
            if (each === 'cut') {
              handOver();
            } else if (each.place === null) {
              places[each.slot] = undefined;
              leader.remove(each.slot);
            } else {
              const prepared = prepare([each.place])[0] as PreparedPlace;
              places[each.slot] = prepared;
              leader.set(each.slot, prepared.names, prepared.text);
            }
            if (at === Math.floor(changes.length / 2)) {
              // A follower starting now replays the changes since the postings were built.
              handOver();
              late = follow();
              expect(answers(late.index)).toEqual(answers(leader));
            }
          });
          handOver();
          for (; laggingAt < handovers.length; laggingAt += 1)
            take(lagging, handovers[laggingAt] as Handover);
          expect(() => prompt.index.set(0, 'a', 'b')).not.toThrow();
          expect(() => leader.apply([])).toThrow(/follower/);
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe('WordIndex without SharedArrayBuffer', () => {
  it('builds, changes and answers where the global is missing (a page not cross-origin isolated)', () => {
    vi.stubGlobal('SharedArrayBuffer', undefined);
    try {
      const places = prepare([{ name: { hr: 'Kava i čaj' }, description: null, address: null }]);
      const index = WordIndex.of(
        places.map((place, slot) => ({ slot, names: place.names, text: place.text })),
        (slot) => places[slot]?.names ?? '',
        1,
      );
      index.set(1, 'kavana', 'kavana');
      expect([...(index.match('kav')?.slots ?? [])].sort()).toEqual([0, 1]);
      expect(index.spellingsOf('kavna')).toContain('kavana');
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
