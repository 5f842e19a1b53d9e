import { describe, expect, it, vi } from 'vitest';
import { ClusterIndex } from './cluster-index.ts';
import { grown, newArray } from './grow-array.ts';
import { testPlace } from './test-places.ts';

describe('grown', () => {
  it('keeps an array that is long enough', () => {
    const array = new Int32Array(4);
    expect(grown(array, 4)).toBe(array);
  });

  it('copies a short array into one of the same type, at least doubled', () => {
    const array = Float64Array.of(1.5, 2.5, 3.5);
    const longer = grown(array, 4);
    expect(longer).toBeInstanceOf(Float64Array);
    expect(longer.length).toBe(6);
    expect([...longer.subarray(0, 3)]).toEqual([1.5, 2.5, 3.5]);
    expect(grown(new Uint8Array(2), 100).length).toBe(100);
  });
});

describe('grown in shared memory', () => {
  it('copies a shared array into a shared one, which another array on its buffer sees', () => {
    const array = newArray(Int32Array, 2, true);
    array[1] = 7;
    const longer = grown(array, 3);
    expect(longer.buffer).toBeInstanceOf(SharedArrayBuffer);
    expect(longer[1]).toBe(7);
    const view = new Int32Array(longer.buffer);
    longer[2] = 9;
    expect(view[2]).toBe(9);
    expect(grown(new Uint8Array(1), 2).buffer).not.toBeInstanceOf(SharedArrayBuffer);
  });
});

describe('without SharedArrayBuffer', () => {
  it('grows arrays and builds an index where the global is missing (a page not cross-origin isolated)', () => {
    vi.stubGlobal('SharedArrayBuffer', undefined);
    try {
      expect([...grown(Int32Array.of(7), 3)]).toEqual([7, 0, 0]);
      const index = ClusterIndex.build([testPlace(1, 45.8, 16), testPlace(2, 45.81, 16.01)]);
      index.upsert(testPlace(3, 10, 10));
      expect(index.count({})).toBe(3);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
