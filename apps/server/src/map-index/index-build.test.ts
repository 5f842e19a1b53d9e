import { searchName, searchText } from '@karta/place-search';
import { describe, expect, it } from 'vitest';
import { IndexBuild } from './index-build.ts';
import type { PackedPlace } from './protocol.ts';

const HOURS = { timeZone: 'Europe/Zagreb', country: 'hr' };

/** A packed row as the loader reads it, with its stored texts. */
function row(id: number, name: string, hoursKey: string | null = null, description?: string): PackedPlace {
  const names = searchName({ hr: name });
  return [
    id,
    45 + id / 1000,
    16,
    'cafe',
    { hr: name },
    'hr',
    null,
    'exact',
    hoursKey,
    0,
    null,
    names,
    searchText(names, description ? { hr: description } : null, null),
  ];
}

/** The ids of the places the built words match `q` in, ascending. */
function idsMatching(built: ReturnType<IndexBuild['finish']>, q: string): number[] {
  const matches = built.words.words.match(q);
  return [...(matches?.slots ?? [])].map((slot) => built.index.placeAt(slot).id).sort((a, b) => a - b);
}

describe('IndexBuild', () => {
  it('builds the index and its words from pages of rows, a later row of an id replacing the earlier one', () => {
    const build = new IndexBuild(18, HOURS);
    build.add([row(1, 'Kavana Mala'), row(2, 'Pekara'), row(3, 'Kavana Velika', null, 'uz park')]);
    build.add([row(4, 'Knjižnica'), row(2, 'Slastičarna Mala')]);
    build.add([row(5, 'Park kavana', '24/7')]);
    const built = build.finish();

    expect(built.index.size).toBe(5);
    expect(idsMatching(built, 'kavana')).toEqual([1, 3, 5]);
    expect(idsMatching(built, 'mala')).toEqual([1, 2]);
    expect(idsMatching(built, 'pekara')).toEqual([]);
    expect(idsMatching(built, 'park')).toEqual([3, 5]);
    expect(idsMatching(built, 'knjiznica')).toEqual([4]);
    // The place open around the clock is open in the built index.
    expect(built.index.count({ openNow: true })).toBe(1);
    expect(built.index.count({})).toBe(5);
  });

  it('keeps every place of many pages, whose slots are handed out past the first arrays', () => {
    const build = new IndexBuild(18, HOURS);
    for (let page = 0; page < 5; page += 1) {
      build.add(
        Array.from({ length: 1_000 }, (_, i) => row(page * 1_000 + i + 1, i % 2 ? 'Kavana' : 'Pekara')),
      );
    }
    build.add([row(1, 'Knjižnica')]);
    const built = build.finish();
    expect(built.index.size).toBe(5_000);
    expect(idsMatching(built, 'kavana')).toHaveLength(2_500);
    expect(idsMatching(built, 'pekara')).toHaveLength(2_499);
    expect(idsMatching(built, 'knjiznica')).toEqual([1]);
  });
});
