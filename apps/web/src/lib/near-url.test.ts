import { describe, expect, it } from 'vitest';
import {
  DEFAULT_NEAR_RADIUS,
  MAX_ADDRESS_LENGTH,
  parseAddressLabel,
  parseNearState,
  serializeNearState,
} from './near-url.ts';

describe('the Near me URL state', () => {
  it('starts with no point, a kilometre and the Nearby tab', () => {
    expect(parseNearState('')).toEqual({ point: null, radius: 1000, tab: 'near', categories: [] });
  });

  it('reads a full link', () => {
    expect(parseNearState('?lat=45.81234&lng=15.97&r=5000&tab=covers&cat=shelter,pharmacy')).toEqual({
      point: { lat: 45.81234, lng: 15.97 },
      radius: 5000,
      tab: 'covers',
      categories: ['pharmacy', 'shelter'],
    });
  });

  it('keeps field filters in the link', () => {
    const state = parseNearState('?lat=45.8&lng=16&r=500&tab=near&f.access=yes,customers');
    expect(state.filters).toEqual([{ key: 'access', values: ['customers', 'yes'] }]);
    expect(serializeNearState(state)).toBe('lat=45.8&lng=16&r=500&tab=near&f.access=customers,yes');
  });

  it('keeps "open now only" in the link', () => {
    const state = parseNearState('?lat=45.8&lng=16&r=500&tab=covers&open=now');
    expect(state).toMatchObject({ tab: 'covers', openNow: true });
    expect(serializeNearState(state)).toBe('lat=45.8&lng=16&r=500&tab=covers&open=now');
  });

  it.each([
    ['a latitude beyond the pole', 'lat=91&lng=15'],
    ['a longitude beyond the antimeridian', 'lat=45&lng=180.5'],
    ['words', 'lat=north&lng=east'],
    ['an exponent', 'lat=4.5e1&lng=15'],
    ['a lone latitude', 'lat=45.8'],
    ['an empty value', 'lat=&lng=15'],
    ['infinity', 'lat=Infinity&lng=15'],
  ])('has no point for %s', (_case, search) => {
    expect(parseNearState(search).point).toBeNull();
  });

  it.each(['7', '750', '-1000', '1e3', 'km', '100000', ''])(
    'falls back to the default radius for r=%s',
    (r) => {
      expect(parseNearState(`lat=45&lng=15&r=${r}`).radius).toBe(DEFAULT_NEAR_RADIUS);
    },
  );

  it.each(['Covers', 'nearby', '', 'covers,near'])('shows Nearby for tab=%s', (tab) => {
    expect(parseNearState(`tab=${encodeURIComponent(tab)}`).tab).toBe('near');
  });

  it('keeps only well-formed category slugs, once each', () => {
    expect(parseNearState('cat=shelter,,Pharmacy,<b>,shelter,drinking-water').categories).toEqual([
      'drinking-water',
      'shelter',
    ]);
  });

  it('writes coordinates to five decimals and reads back what it wrote', () => {
    const state = {
      point: { lat: 45.8123456, lng: -0.000001 },
      radius: 250,
      tab: 'covers',
      categories: ['shelter', 'aed'],
    } as const;
    const written = serializeNearState(state);
    expect(written).toBe('lat=45.81235&lng=0&r=250&tab=covers&cat=aed,shelter');
    expect(parseNearState(written)).toEqual({
      point: { lat: 45.81235, lng: 0 },
      radius: 250,
      tab: 'covers',
      categories: ['aed', 'shelter'],
    });
  });

  it('leaves the point and the filter out until there are some', () => {
    expect(serializeNearState({ point: null, radius: 2000, tab: 'near', categories: [] })).toBe(
      'r=2000&tab=near',
    );
  });

  it('carries the address the point was found from, readable and back again', () => {
    const state = parseNearState(
      '?lat=45.81&lng=15.97&address=Ilica%201%2C%2010000%20Zagreb&r=1000&tab=covers',
    );
    expect(state).toMatchObject({
      point: { lat: 45.81, lng: 15.97 },
      address: 'Ilica 1, 10000 Zagreb',
      tab: 'covers',
    });
    expect(serializeNearState(state)).toBe(
      'lat=45.81&lng=15.97&address=Ilica%201%2C%2010000%20Zagreb&r=1000&tab=covers',
    );
    expect(parseNearState(serializeNearState(state))).toEqual(state);
  });

  it('keeps an address only with a point', () => {
    expect(parseNearState('?address=Ilica%201').address).toBeUndefined();
    expect(
      serializeNearState({ point: null, address: 'Ilica 1', radius: 1000, tab: 'near', categories: [] }),
    ).toBe('r=1000&tab=near');
  });

  it('reads an address as one line of plain text, and bounds its length', () => {
    const link = (address: string) =>
      parseNearState(new URLSearchParams({ lat: '45.8', lng: '16', address })).address;
    expect(link('  Ilica\n1,\t\u0000 Zagreb ')).toBe('Ilica 1, Zagreb');
    expect(link('<b>Ilica</b> 1')).toBe('<b>Ilica</b> 1');
    expect(link('\u202eIlica 1')).toBe('Ilica 1');
    expect(link('   ')).toBeUndefined();
    const long = link('Ž'.repeat(500));
    expect(long).toHaveLength(MAX_ADDRESS_LENGTH);
    expect(parseAddressLabel(undefined)).toBeUndefined();
  });
});
