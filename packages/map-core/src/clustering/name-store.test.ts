import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NameStore } from './name-store.ts';

const names = fc.dictionary(
  fc.constantFrom('hr', 'en', 'de', 'zh'),
  fc.string({ unit: fc.constantFrom('a', 'č', 'ß', '"', '\\', ' ', '漢', '😀', '\u0001'), maxLength: 40 }),
  { maxKeys: 3 },
);

describe('NameStore', () => {
  it('gives back the names last set in each slot, through replacements, removals and growth', () => {
    const change = fc.oneof(
      fc.record({ slot: fc.nat(300), names: names.map((n) => n as Record<string, string> | null) }),
      fc.record({ slot: fc.nat(300), names: fc.constant(null) }),
    );
    fc.assert(
      fc.property(fc.array(change, { minLength: 1, maxLength: 2_000 }), (changes) => {
        const store = new NameStore();
        const expected = new Map<number, Record<string, string>>();
        for (const { slot, names: given } of changes) {
          if (given === null) {
            store.delete(slot);
            expected.delete(slot);
          } else {
            store.set(slot, given);
            expected.set(slot, given);
          }
        }
        for (let slot = 0; slot <= 300; slot += 1) expect(store.get(slot)).toEqual(expected.get(slot) ?? {});
        store.compact();
        for (let slot = 0; slot <= 300; slot += 1) expect(store.get(slot)).toEqual(expected.get(slot) ?? {});
      }),
      { numRuns: 100 },
    );
  });

  it('keeps the names in bytes that grow with the live ones, not with every change', () => {
    const store = new NameStore();
    for (let round = 0; round < 20; round += 1) {
      for (let slot = 0; slot < 5_000; slot += 1) store.set(slot, { hr: `Ljekarna ${round} ${slot}` });
    }
    expect(store.get(4_999)).toEqual({ hr: 'Ljekarna 19 4999' });
    // 5 000 names of about 30 bytes: the array holds a few times that, not 20 rounds of them.
    expect(store.byteLength).toBeLessThan(5_000 * 30 * 5);
    store.compact();
    // Compacted: the live names and an eighth more.
    const live = new TextEncoder().encode(
      JSON.stringify(Array.from({ length: 5_000 }, (_, slot) => ({ hr: `Ljekarna 19 ${slot}` }))),
    ).length;
    expect(store.byteLength).toBeLessThan(live * 1.2);
    expect(store.get(123)).toEqual({ hr: 'Ljekarna 19 123' });
  });
});
