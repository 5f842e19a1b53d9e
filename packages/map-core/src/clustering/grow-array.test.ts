import { describe, expect, it } from 'vitest';
import { grown } from './grow-array.ts';

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
