import type { GeocodeItem } from '@karta/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addressLabel, coarsen } from './address-label.ts';
import { addressParts } from './address-parts.ts';

const part = fc.option(fc.string({ minLength: 1, maxLength: 20 }), { nil: null });
const item: fc.Arbitrary<GeocodeItem> = fc.record({
  label: fc.string({ maxLength: 60 }),
  lat: fc.double({ min: -90, max: 90, noNaN: true }),
  lng: fc.double({ min: -180, max: 180, noNaN: true }),
  kind: fc.constantFrom('house', 'street', 'place', 'town'),
  address: fc.record({ street: part, housenumber: part, postcode: part, city: part, country: part }),
});

describe('coarsen', () => {
  it('never names a house number at ~100 m, nor a street or postcode at ~1 km, whatever came in', () => {
    fc.assert(
      fc.property(item, (answer) => {
        const street = coarsen(answer, '100m');
        expect(street.address.housenumber).toBeNull();
        expect(street.kind).not.toBe('house');
        expect(street.kind).not.toBe('place');
        expect(street.label).toBe(addressLabel(street.address));
        expect(Math.abs(street.lat - answer.lat)).toBeLessThanOrEqual(0.0005 + 1e-9);

        const town = coarsen(answer, '1km');
        expect(town.address).toMatchObject({ street: null, housenumber: null, postcode: null });
        expect(town.kind).toBe('town');
        expect(town.label).toBe(addressLabel(town.address));
        // Two decimals at most (== so that -0 and 0 are one).
        expect(Number(town.lat.toFixed(2)) === town.lat).toBe(true);
        expect(Number(town.lng.toFixed(2)) === town.lng).toBe(true);
      }),
    );
  });

  it('keeps an exact answer as it is', () => {
    fc.assert(
      fc.property(item, (answer) => {
        expect(coarsen(answer, 'exact')).toBe(answer);
      }),
    );
  });
});

describe('addressLabel', () => {
  it('writes street and number, then postcode and town', () => {
    expect(
      addressLabel({
        street: 'Ilica',
        housenumber: '1',
        postcode: '10000',
        city: 'Zagreb',
        country: 'Hrvatska',
      }),
    ).toBe('Ilica 1, 10000 Zagreb');
    expect(
      addressLabel(
        { street: null, housenumber: null, postcode: null, city: 'Sveti Ivan', country: 'Hrvatska' },
        null,
        'Istria',
      ),
    ).toBe('Sveti Ivan, Istria');
  });
});

describe('addressParts', () => {
  it.each([
    ['Ilica 1, 10000 Zagreb', { street: 'Ilica', housenumber: '1', postcode: '10000', city: 'Zagreb' }],
    [
      'Ulica kralja Zvonimira 12a, Zagreb',
      { street: 'Ulica kralja Zvonimira', housenumber: '12a', city: 'Zagreb' },
    ],
    ['Vukovarska 5/2', { street: 'Vukovarska', housenumber: '5/2', city: null }],
    ['Trg bana Jelačića', { street: 'Trg bana Jelačića', housenumber: null }],
    [
      'Put 2 A, 21000 Split, Hrvatska',
      { street: 'Put', housenumber: '2A', postcode: '21000', city: 'Split' },
    ],
  ])('reads %s', (line, expected) => {
    expect(addressParts(line)).toMatchObject(expected);
  });

  it('reads nothing from an empty line', () => {
    expect(addressParts(' , ')).toMatchObject({ street: null, city: null });
  });
});
