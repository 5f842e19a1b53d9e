import { type CategoryField, filterTypesOf } from '@karta/contracts';
import { matchesFilters } from '@karta/map-core/clustering';
import { describe, expect, it } from 'vitest';
import { placeValues } from './place-values.ts';

const label = { en: 'A field' };
const FIELDS: CategoryField[] = [
  { key: 'indoor', type: 'boolean', label, filterable: true },
  {
    key: 'access',
    type: 'enum',
    label,
    filterable: true,
    options: [
      { value: 'yes', label },
      { value: 'private', label },
    ],
  },
  { key: 'languages', type: 'multi_enum', label, filterable: true, options: [{ value: 'hr', label }] },
  { key: 'level', type: 'integer', label, filterable: true },
  { key: 'capacity', type: 'number', label, filterable: true },
  { key: 'inspected', type: 'date', label, filterable: true },
  // Not filterable: never in the values, as the server's `filter_types` leaves them out.
  { key: 'seasonal', type: 'boolean', label },
  { key: 'note', type: 'text', label },
  // Marked filterable, but of a type no filter reads (the server refuses to save one).
  { key: 'site', type: 'url', label, filterable: true },
];

describe('a place’s filterable values, as karta_filter_values gives them (migration 026)', () => {
  const types = filterTypesOf(FIELDS);

  it('knows the types of the filterable fields only, as the server’s filter_types', () => {
    expect(types).toEqual({
      indoor: 'boolean',
      access: 'enum',
      languages: 'multi_enum',
      level: 'integer',
      capacity: 'number',
      inspected: 'date',
    });
  });

  it('keeps the keys of filter_types: yes/no as text, dates as days since 1970, the rest as they are', () => {
    expect(
      placeValues(
        {
          indoor: false,
          access: 'private',
          languages: ['hr', 'uk'],
          level: -2,
          capacity: 2.5,
          inspected: '2026-03-01',
          seasonal: true,
          note: 'by the door',
          site: 'https://example.org',
        },
        types,
      ),
    ).toEqual({
      indoor: 'false',
      access: 'private',
      languages: ['hr', 'uk'],
      level: -2,
      capacity: 2.5,
      // SELECT DATE '2026-03-01' - DATE '1970-01-01'
      inspected: 20_513,
    });
    expect(placeValues({ indoor: true, inspected: '1970-01-01' }, types)).toEqual({
      indoor: 'true',
      inspected: 0,
    });
    expect(placeValues({ inspected: '1969-12-31' }, types)).toEqual({ inspected: -1 });
  });

  it('is none (NULL) for no values, no filterable fields, or no value of one', () => {
    expect(placeValues({}, types)).toBeUndefined();
    expect(placeValues({ indoor: true }, {})).toBeUndefined();
    expect(placeValues({ note: 'x', seasonal: false }, types)).toBeUndefined();
    expect(placeValues(undefined, types)).toBeUndefined();
    expect(placeValues({ indoor: true }, undefined)).toBeUndefined();
    // An empty set of options is a value still (jsonb '[]').
    expect(placeValues({ languages: [] }, types)).toEqual({ languages: [] });
  });

  it('finds no key on Object.prototype', () => {
    expect(placeValues({ constructor: 'x', toString: 'y' }, types)).toBeUndefined();
    expect(placeValues({ constructor: 'x' }, filterTypesOf([]))).toBeUndefined();
  });

  it('passes the filters the server reads from f.<key> exactly when the place would on the server', () => {
    const values = placeValues({ indoor: true, level: 3, inspected: '2026-03-01', languages: ['hr'] }, types);
    expect(matchesFilters(values, [{ key: 'indoor', anyOf: ['true'] }])).toBe(true);
    expect(matchesFilters(values, [{ key: 'indoor', anyOf: ['false'] }])).toBe(false);
    expect(matchesFilters(values, [{ key: 'level', min: 3, max: 3 }])).toBe(true);
    expect(matchesFilters(values, [{ key: 'inspected', min: 20_514 }])).toBe(false);
    expect(matchesFilters(values, [{ key: 'inspected', max: 20_513 }])).toBe(true);
    expect(matchesFilters(values, [{ key: 'languages', anyOf: ['uk', 'hr'] }])).toBe(true);
    // A field the place has no value of matches no filter on it.
    expect(matchesFilters(values, [{ key: 'access', anyOf: ['yes', 'private'] }])).toBe(false);
  });
});
