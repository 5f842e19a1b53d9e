import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { WordPostingsBuilder } from './word-postings.ts';

/** Each word's postings as read back: [slot, roles] in the order given. */
function readBack(builder: WordPostingsBuilder, slotOf?: Int32Array): Map<string, [number, number][]> {
  const postings = builder.build(slotOf);
  const found = new Map<string, [number, number][]>();
  postings.words.forEach((word, id) => {
    const own: [number, number][] = [];
    postings.forEach(id, (slot, roles) => own.push([slot, roles]));
    expect(postings.counts[id]).toBe(own.length);
    expect(postings.roles[id]).toBe(own.reduce((any, [, roles]) => any | roles, 0));
    expect(postings.idOf(word)).toBe(id);
    found.set(word, own);
  });
  return found;
}

/** (word, key, roles) with each (word, key) once, as a place's words are. */
const pairs = fc.uniqueArray(
  fc.tuple(fc.constantFrom('a', 'b', 'ab', 'ba', 'č', 'zz'), fc.nat(5_000), fc.nat(15)),
  { selector: ([word, key]) => `${word} ${key}`, maxLength: 300 },
);

describe('WordPostingsBuilder', () => {
  it('gives each word its postings in slot order, whatever the order and the blocks they were gathered in', () => {
    fc.assert(
      fc.property(pairs, fc.integer({ min: 1, max: 40 }), (given, blockPairs) => {
        const builder = new WordPostingsBuilder(blockPairs);
        for (const [word, key, roles] of given) builder.add(word, key, roles);
        const expected = new Map<string, [number, number][]>();
        for (const [word, key, roles] of [...given].sort((a, b) => a[1] - b[1])) {
          expected.set(word, [...(expected.get(word) ?? []), [key, roles]]);
        }
        const found = readBack(builder);
        expect(new Map([...found].filter(([, own]) => own.length > 0))).toEqual(expected);
        expect([...found.keys()]).toEqual([...found.keys()].sort());
      }),
      { numRuns: 300 },
    );
  });

  it('maps keys to slots, in any order, leaving out the dropped ones', () => {
    fc.assert(
      fc.property(
        pairs,
        fc.integer({ min: 1, max: 40 }),
        fc.array(fc.integer({ min: -1, max: 1 << 20 }), { minLength: 5_001, maxLength: 5_001 }),
        (given, blockPairs, slots) => {
          const slotOf = Int32Array.from(slots);
          const builder = new WordPostingsBuilder(blockPairs);
          for (const [word, key, roles] of given) builder.add(word, key, roles);
          const expected = new Map<string, [number, number][]>();
          for (const [word, key, roles] of given) {
            const slot = slotOf[key] as number;
            if (slot >= 0) expected.set(word, [...(expected.get(word) ?? []), [slot, roles]]);
          }
          for (const own of expected.values()) own.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
          const found = readBack(builder, slotOf);
          expect(new Map([...found].filter(([, own]) => own.length > 0))).toEqual(expected);
        },
      ),
      { numRuns: 200 },
    );
  });
});
