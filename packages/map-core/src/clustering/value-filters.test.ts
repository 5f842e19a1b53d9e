import { describe, expect, it } from 'vitest';
import type { PlaceValue, ValueFilter } from './types.ts';
import { matchesFilters } from './value-filters.ts';

const PLACE: Record<string, PlaceValue> = {
  access: 'customers',
  floors: 3,
  opened: 19_000,
  services: ['wifi', 'toilet'],
  empty: [],
};

const passes = (filters: ValueFilter[], values: Record<string, PlaceValue> = PLACE) =>
  matchesFilters(values, filters);

describe('matchesFilters', () => {
  it('passes every place, with values or none, when there are no filters', () => {
    expect(passes([])).toBe(true);
    expect(matchesFilters(undefined, [])).toBe(true);
    expect(passes([], {})).toBe(true);
  });

  it('never passes a place lacking the key, whatever the filter', () => {
    for (const filter of [{}, { anyOf: ['customers'] }, { min: 0 }, { max: 10 }]) {
      expect(passes([{ key: 'missing', ...filter }])).toBe(false);
      expect(matchesFilters(undefined, [{ key: 'access', ...filter }])).toBe(false);
      expect(passes([{ key: 'access', ...filter }], {})).toBe(false);
    }
  });

  it('passes a place that has the key at all when the filter has neither anyOf nor a range', () => {
    expect(passes([{ key: 'access' }])).toBe(true);
    expect(passes([{ key: 'empty' }])).toBe(true);
    expect(passes([{ key: 'floors', anyOf: undefined, min: undefined }])).toBe(true);
  });

  it('matches anyOf by equal value, strings to strings and numbers to numbers', () => {
    expect(passes([{ key: 'access', anyOf: ['yes', 'customers'] }])).toBe(true);
    expect(passes([{ key: 'access', anyOf: ['yes', 'private'] }])).toBe(false);
    expect(passes([{ key: 'access', anyOf: ['Customers'] }])).toBe(false);
    expect(passes([{ key: 'floors', anyOf: [3] }])).toBe(true);
    expect(passes([{ key: 'floors', anyOf: ['3'] }])).toBe(false);
    expect(passes([{ key: 'access', anyOf: [] }])).toBe(false);
  });

  it('matches a set value when any of its elements is listed', () => {
    expect(passes([{ key: 'services', anyOf: ['toilet'] }])).toBe(true);
    expect(passes([{ key: 'services', anyOf: ['ramp', 'wifi'] }])).toBe(true);
    expect(passes([{ key: 'services', anyOf: ['ramp'] }])).toBe(false);
    expect(passes([{ key: 'empty', anyOf: ['ramp'] }])).toBe(false);
  });

  it('holds a range inclusive at both ends, for numbers only', () => {
    expect(passes([{ key: 'floors', min: 3 }])).toBe(true);
    expect(passes([{ key: 'floors', max: 3 }])).toBe(true);
    expect(passes([{ key: 'floors', min: 1, max: 2 }])).toBe(false);
    expect(passes([{ key: 'floors', min: 4 }])).toBe(false);
    expect(passes([{ key: 'opened', min: 18_000, max: 20_000 }])).toBe(true);
    expect(passes([{ key: 'access', min: 0 }])).toBe(false);
    expect(passes([{ key: 'services', max: 100 }])).toBe(false);
    expect(passes([{ key: 'floors', min: 5, max: 1 }])).toBe(false);
  });

  it('needs both anyOf and the range when a filter has both', () => {
    expect(passes([{ key: 'floors', anyOf: [3, 4], min: 3 }])).toBe(true);
    expect(passes([{ key: 'floors', anyOf: [3, 4], min: 4 }])).toBe(false);
    expect(passes([{ key: 'floors', anyOf: [4], min: 3 }])).toBe(false);
  });

  it('ANDs the filters of a list', () => {
    expect(
      passes([
        { key: 'access', anyOf: ['customers'] },
        { key: 'floors', min: 2 },
      ]),
    ).toBe(true);
    expect(
      passes([
        { key: 'access', anyOf: ['customers'] },
        { key: 'floors', min: 4 },
      ]),
    ).toBe(false);
    expect(passes([{ key: 'access' }, { key: 'missing' }])).toBe(false);
  });

  it('finds only own keys, never those of Object.prototype, and counts an undefined value as missing', () => {
    expect(passes([{ key: 'constructor' }])).toBe(false);
    expect(passes([{ key: 'toString', anyOf: ['x'] }])).toBe(false);
    const values = { access: undefined } as unknown as Record<string, PlaceValue>;
    expect(passes([{ key: 'access' }], values)).toBe(false);
  });
});
