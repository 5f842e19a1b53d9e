import { describe, expect, it } from 'vitest';
import { indexedPlaceOf } from './indexed-place-of.ts';
import { testPlace } from './test-places.ts';

describe('indexedPlaceOf', () => {
  it('passes the values through when the record has them, and leaves them out when not', () => {
    const values = { access: 'yes', floors: 2, services: ['wifi'] };
    const record = { ...testPlace(1, 45.8, 16), openingHours: 'Mo-Fr 08:00-20:00', values };
    expect(indexedPlaceOf(record, 3)).toEqual({ ...testPlace(1, 45.8, 16), values, hoursId: 3 });
    expect(indexedPlaceOf(record).values).toBe(values);
    expect('values' in indexedPlaceOf(testPlace(2, 45.8, 16))).toBe(false);
  });
});
