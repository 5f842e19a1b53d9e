import { describe, expect, it } from 'vitest';
import { NO_VALUES, ValueSets, valuesProblem } from './value-sets.ts';

describe('ValueSets', () => {
  it('keeps one id for each combination, whatever the key order or the order and repeats of a set', () => {
    const sets = new ValueSets();
    const a = sets.acquire({ access: 'yes', services: ['wifi', 'ramp'], floors: 2 });
    const b = sets.acquire({ floors: 2, services: ['ramp', 'wifi', 'ramp'], access: 'yes' });
    const c = sets.acquire({ access: 'yes', floors: 2 });
    expect(b).toBe(a);
    expect(c).not.toBe(a);
    expect(sets.count).toBe(2);
    expect(sets.valuesOf(a)).toEqual({ access: 'yes', floors: 2, services: ['ramp', 'wifi'] });
  });

  it('gives no id to no values, and tells a number from a string', () => {
    const sets = new ValueSets();
    expect(sets.acquire(undefined)).toBe(NO_VALUES);
    expect(sets.acquire({})).toBe(NO_VALUES);
    expect(sets.acquire({ a: undefined } as unknown as Record<string, string>)).toBe(NO_VALUES);
    expect(sets.acquire({ floors: 1 })).not.toBe(sets.acquire({ floors: '1' }));
    sets.release(NO_VALUES);
    expect(sets.count).toBe(2);
  });

  it('drops only the combinations no place holds, and reuses their ids', () => {
    const sets = new ValueSets();
    const kept = sets.acquire({ access: 'yes' });
    const dropped = sets.acquire({ access: 'no' });
    sets.acquire({ access: 'no' });
    sets.release(dropped);
    sets.dropUnused();
    expect(sets.count).toBe(2);
    sets.release(dropped);
    sets.dropUnused();
    expect(sets.count).toBe(1);
    expect(sets.acquire({ access: 'yes' })).toBe(kept);
    expect(sets.acquire({ access: 'private' })).toBe(dropped);
    expect(sets.valuesOf(dropped)).toEqual({ access: 'private' });
    expect(sets.idLimit).toBe(2);
    // The dropped combination is a new one now, not the id it had.
    const again = sets.acquire({ access: 'no' });
    expect(again).not.toBe(dropped);
    expect(sets.valuesOf(again)).toEqual({ access: 'no' });
  });
});

describe('valuesProblem', () => {
  it('accepts strings, finite numbers and lists of strings', () => {
    expect(valuesProblem(undefined)).toBeUndefined();
    expect(valuesProblem({ a: 'x', b: -3.5, c: [], d: ['x', 'y'] })).toBeUndefined();
  });

  it('names the key of a value the index cannot keep', () => {
    const bad = (value: unknown) => valuesProblem({ key: value } as Record<string, string>);
    for (const value of [Number.NaN, Number.POSITIVE_INFINITY, null, true, {}, [1], ['x', 2]]) {
      expect(bad(value)).toMatch(/"key"/);
    }
    expect(valuesProblem(null as unknown as Record<string, string>)).toMatch(/not an object/);
  });
});
