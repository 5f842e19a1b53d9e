import { describe, expect, it } from 'vitest';
import { canonicalFilters } from './filter-key.ts';

describe('canonicalFilters', () => {
  it('gives one key to lists that differ only in order and repeats', () => {
    const a = canonicalFilters([
      { key: 'access', anyOf: ['yes', 'customers', 'yes'] },
      { key: 'floors', min: 2 },
    ]);
    const b = canonicalFilters([
      { key: 'floors', min: 2, max: undefined },
      { key: 'access', anyOf: ['customers', 'yes'] },
      { key: 'floors', min: 2 },
    ]);
    expect(b.key).toBe(a.key);
    expect(b.filters).toEqual(a.filters);
    expect(a.filters).toHaveLength(2);
  });

  it('tells apart lists that can match differently', () => {
    const keys = [
      [{ key: 'floors', anyOf: [1] }],
      [{ key: 'floors', anyOf: ['1'] }],
      [{ key: 'floors' }],
      [{ key: 'floors', anyOf: [] }],
      [{ key: 'floors', min: 1 }],
      [{ key: 'floors', max: 1 }],
      [{ key: 'floors', min: Number.NaN }],
      [{ key: 'floors', min: Number.POSITIVE_INFINITY }],
      [{ key: 'floors', min: Number.NEGATIVE_INFINITY }],
      [{ key: 'levels', min: 1 }],
      [{ key: 'floors', min: 1 }, { key: 'levels' }],
    ].map((filters) => canonicalFilters(filters).key);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('copies the filters, so that changing the asked ones later changes nothing', () => {
    const anyOf = ['yes'];
    const filter = { key: 'access', anyOf };
    const { filters } = canonicalFilters([filter]);
    anyOf.push('no');
    filter.key = 'other';
    expect(filters).toEqual([{ key: 'access', anyOf: ['yes'] }]);
  });
});
