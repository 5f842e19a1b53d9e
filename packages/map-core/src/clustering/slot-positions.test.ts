import { describe, expect, it } from 'vitest';
import { slotPositions } from './slot-positions.ts';

describe('slotPositions', () => {
  // 3 members of 8 slots keep a column per slot; 3 of 100 keep the members sorted.
  for (const used of [8, 100]) {
    it(`finds, forgets and misses positions alike with ${used} slots in the store`, () => {
      const positions = slotPositions(used, Int32Array.from([5, 1, 7]));
      positions.setAll(5, 0);
      positions.setAll(1, 1);
      positions.setAll(7, 2);
      positions.setCategory(7, 0);
      expect([5, 1, 7].map((slot) => positions.all(slot))).toEqual([0, 1, 2]);
      expect([positions.category(7), positions.category(5)]).toEqual([0, -1]);
      expect([positions.all(0), positions.all(6), positions.all(500)]).toEqual([-1, -1, -1]);
      positions.forget(1);
      positions.forget(3);
      positions.forget(600);
      expect([positions.all(1), positions.all(3), positions.all(600)]).toEqual([-1, -1, -1]);
      expect(positions.all(5)).toBe(0);
    });
  }
});
