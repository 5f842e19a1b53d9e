import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { orderByKey } from './radix-sort.ts';
import { RangeExtremes } from './range-extremes.ts';

describe('RangeExtremes', () => {
  it('finds the smallest and the largest value of any range, as a scan does', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: -50, max: 50 }), { minLength: 1, maxLength: 700, size: 'max' }),
        fc.array(fc.tuple(fc.nat(), fc.nat()), { minLength: 1, maxLength: 20 }),
        (numbers, ranges) => {
          const values = Float64Array.from(numbers);
          const smallest = RangeExtremes.of(values, 1);
          const largest = RangeExtremes.of(values, -1);
          for (const [a, b] of ranges) {
            const lo = a % values.length;
            const hi = lo + 1 + (b % (values.length - lo));
            const range = numbers.slice(lo, hi);
            expect(values[smallest.best(lo, hi)]).toBe(Math.min(...range));
            expect(values[largest.best(lo, hi)]).toBe(Math.max(...range));
          }
        },
      ),
    );
  });
});

describe('orderByKey', () => {
  it('orders 52-bit keys as a comparison sort does, keeping equal keys in order', () => {
    const half = fc.integer({ min: 0, max: 2 ** 26 - 1 });
    fc.assert(
      fc.property(fc.array(fc.tuple(half, half), { maxLength: 300, size: 'max' }), (keys) => {
        const order = orderByKey(
          Uint32Array.from(keys, ([h]) => h),
          Uint32Array.from(keys, ([, l]) => l),
        );
        const expected = keys
          .map(([h, l], i) => ({ key: h * 2 ** 26 + l, i }))
          .sort((x, y) => x.key - y.key || x.i - y.i)
          .map(({ i }) => i);
        expect([...order]).toEqual(expected);
      }),
    );
  });
});
