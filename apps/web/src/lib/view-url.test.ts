import { describe, expect, it } from 'vitest';
import {
  isSameSpot,
  parseSearchText,
  parseViewState,
  serializeViewState,
  type ViewDefaults,
  type ViewState,
  viewStateLink,
} from './view-url.ts';

const defaults: ViewDefaults = { center: { lat: 45.8, lng: 16 }, zoom: 10, minZoom: 3, maxZoom: 19 };
const defaultState: ViewState = { center: { lat: 45.8, lng: 16 }, zoom: 10, placeId: null, categories: [] };

describe('view URL state', () => {
  it('gives the defaults when there are no parameters', () => {
    expect(parseViewState('', defaults)).toEqual(defaultState);
  });

  it('reads every parameter of a full link', () => {
    expect(parseViewState('?lat=45.81234&lng=15.97&z=14&place=123&cat=pharmacy,shelter', defaults)).toEqual({
      center: { lat: 45.81234, lng: 15.97 },
      zoom: 14,
      placeId: 123,
      categories: ['pharmacy', 'shelter'],
    });
  });

  it('writes the documented form with 5 decimals and literal commas', () => {
    const state: ViewState = {
      center: { lat: 45.8123456, lng: 16 },
      zoom: 12,
      placeId: 7,
      categories: ['shelter', 'pharmacy'],
    };
    expect(serializeViewState(state)).toBe('lat=45.81235&lng=16&z=12&place=7&cat=pharmacy,shelter');
  });

  it('keeps "open now only" as open=now, and nothing else for it', () => {
    const open = parseViewState('?lat=45.8&lng=16&z=10&open=now', defaults);
    expect(open).toEqual({ ...defaultState, openNow: true });
    expect(serializeViewState(open)).toBe('lat=45.8&lng=16&z=10&open=now');
    expect(parseViewState('?open=1', defaults)).toEqual(defaultState);
  });

  it('keeps field filters as f.<key> parameters after the rest (see view-url-filters.test.ts)', () => {
    const filtered = parseViewState('?lat=45.8&lng=16&z=10&f.indoor=true&f.level.min=1', defaults);
    expect(filtered).toEqual({
      ...defaultState,
      filters: [
        { key: 'indoor', values: ['true'] },
        { key: 'level', values: [], min: '1' },
      ],
    });
    expect(serializeViewState(filtered)).toBe('lat=45.8&lng=16&z=10&f.indoor=true&f.level.min=1');
  });

  it('leaves out place and cat when there is no selection or filter', () => {
    expect(serializeViewState(defaultState)).toBe('lat=45.8&lng=16&z=10');
  });

  it('round-trips a view through the URL', () => {
    const state: ViewState = {
      center: { lat: -33.86785, lng: 151.20732 },
      zoom: 17,
      placeId: 987654321,
      categories: ['drinking-water', 'shelter'],
    };
    expect(parseViewState(serializeViewState(state), defaults)).toEqual(state);
  });

  it.each([
    ['lat out of range', 'lat=91&lng=16.5'],
    ['lng out of range', 'lat=45&lng=-181'],
    ['not a number', 'lat=abc&lng=16.5'],
    ['exponent form', 'lat=4e1&lng=16.5'],
    ['empty value', 'lat=&lng=16.5'],
    ['only one of the pair', 'lat=44'],
  ])('falls back to the default centre for %s', (_case, query) => {
    expect(parseViewState(query, defaults).center).toEqual(defaults.center);
  });

  it.each([
    ['above max zoom', 'z=25'],
    ['below min zoom', 'z=1'],
    ['fractional', 'z=10.5'],
    ['negative', 'z=-3'],
    ['text', 'z=near'],
  ])('falls back to the default zoom for %s', (_case, query) => {
    expect(parseViewState(query, defaults).zoom).toBe(10);
  });

  it.each(['0', '-4', 'abc', '1.5', '12345678901234567'])('ignores the invalid place id %s', (id) => {
    expect(parseViewState(`place=${id}`, defaults).placeId).toBeNull();
  });

  it('drops invalid and repeated category slugs', () => {
    expect(parseViewState('cat=Shelter,water,,water,bad_slug,a-b', defaults).categories).toEqual([
      'a-b',
      'water',
    ]);
  });

  it('builds an absolute link that reopens the same view', () => {
    const state: ViewState = { center: { lat: 45.8, lng: 16 }, zoom: 15, placeId: 5, categories: [] };
    const link = viewStateLink('https://karta.example.org/', state);
    expect(link).toBe('https://karta.example.org/?lat=45.8&lng=16&z=15&place=5');
    expect(parseViewState(new URL(link).search, defaults)).toEqual(state);
  });

  describe('search (q)', () => {
    it('reads the search text, trimmed, with its diacritics and spaces', () => {
      expect(
        parseViewState('?lat=45.8&lng=16&z=12&q=%20%C5%BEeljezni%C4%8Dki%20kolodvor%20', defaults).search,
      ).toBe('željeznički kolodvor');
      expect(parseViewState('q=cvjetni+trg', defaults).search).toBe('cvjetni trg');
    });

    it.each([
      ['missing', ''],
      ['empty', 'q='],
      ['only spaces', 'q=%20%20'],
      ['only punctuation', 'q=%22*%3F-'],
    ])('has no search when q is %s', (_case, query) => {
      expect(parseViewState(query, defaults).search).toBeUndefined();
    });

    it('keeps at most 100 characters, the longest search the API takes', () => {
      expect(parseViewState(`q=${'a'.repeat(150)}`, defaults).search).toBe('a'.repeat(100));
      expect(parseSearchText(`  ${'b'.repeat(99)} c `)).toBe(`${'b'.repeat(99)}`);
    });

    it('writes q last, encoded, and round-trips text that would break a query string', () => {
      const state: ViewState = { ...defaultState, categories: ['pharmacy'], search: 'Trg & "Cvjetni" #2+?' };
      const written = serializeViewState(state);
      expect(written).toBe('lat=45.8&lng=16&z=10&cat=pharmacy&q=Trg%20%26%20%22Cvjetni%22%20%232%2B%3F');
      expect(parseViewState(written, defaults)).toEqual(state);
    });

    it('leaves q out of the link when the search holds no letter or digit', () => {
      expect(serializeViewState({ ...defaultState, search: ' ... ' })).toBe('lat=45.8&lng=16&z=10');
    });
  });
});

describe('isSameSpot', () => {
  const view = parseViewState('lat=45.81&lng=15.98&z=13', defaults);
  // At zoom 13 a pixel is 360 / (256 × 2¹³) ≈ 0.000172°.
  it('takes a centre less than a pixel away at the same zoom for the same view', () => {
    expect(isSameSpot(view, { lat: 45.81002, lng: 15.97996 }, 13)).toBe(true);
  });
  it('tells a move of a pixel or more, or another zoom, from it', () => {
    expect(isSameSpot(view, { lat: 45.8102, lng: 15.98 }, 13)).toBe(false);
    expect(isSameSpot(view, { lat: 45.81, lng: 15.9798 }, 13)).toBe(false);
    expect(isSameSpot(view, { lat: 45.81, lng: 15.98 }, 14)).toBe(false);
  });
});
