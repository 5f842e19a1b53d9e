import { describe, expect, it } from 'vitest';
import { embedLink } from './embed-code.ts';
import { parseNearState, serializeNearState } from './near-url.ts';
import { parseViewState, serializeViewState, type ViewDefaults } from './view-url.ts';
import {
  normalizeFieldFilters,
  parseFieldFilterParams,
  sameFieldFilters,
  serializeFieldFilterParams,
} from './view-url-filters.ts';

const defaults: ViewDefaults = { center: { lat: 45.8, lng: 16 }, zoom: 10, minZoom: 3, maxZoom: 19 };
const params = (query: string) => new URLSearchParams(query);

describe('field filters in the URL', () => {
  it('reads values given with commas or repeated as any of them, one filter per key, keys in order', () => {
    expect(parseFieldFilterParams(params('f.indoor=true&f.access=yes,customers&f.access=private'))).toEqual([
      { key: 'access', values: ['customers', 'private', 'yes'] },
      { key: 'indoor', values: ['true'] },
    ]);
  });

  it('reads bounds of numbers and dates, beside values of the same key', () => {
    expect(
      parseFieldFilterParams(params('f.level.min=-1&f.level.max=2.5&f.opened.min=2026-05-01&f.level=0')),
    ).toEqual([
      { key: 'level', values: ['0'], min: '-1', max: '2.5' },
      { key: 'opened', values: [], min: '2026-05-01' },
    ]);
  });

  it.each([
    ['a key that is no field key', 'f.Access=yes'],
    ['a key beginning with a digit', 'f.1st=yes'],
    ['a suffix other than min or max', 'f.level.least=1'],
    ['a value of other characters', 'f.access=<b>'],
    ['a bound that is no number or date', 'f.level.min=one'],
    ['two values for one bound', 'f.level.min=1,2'],
    ['an empty value', 'f.access='],
  ])('leaves out %s', (_case, query) => {
    expect(parseFieldFilterParams(params(query))).toEqual([]);
  });

  it('ignores parameters that are not filters', () => {
    expect(parseFieldFilterParams(params('lat=45&cat=pharmacy&q=f.access&fx.access=yes'))).toEqual([]);
  });

  it('keeps at most as many fields and values as the API takes', () => {
    const many = Array.from({ length: 12 }, (_, i) => `f.k${String(i).padStart(2, '0')}=yes`).join('&');
    expect(parseFieldFilterParams(params(many))).toHaveLength(10);
    const values = Array.from({ length: 25 }, (_, i) => `v${String(i).padStart(2, '0')}`).join(',');
    expect(parseFieldFilterParams(params(`f.access=${values}`))[0]?.values).toHaveLength(20);
  });

  it('writes one form whatever the order the filters were made in, commas literal', () => {
    const made = [
      { key: 'level', values: [], max: '3' },
      { key: 'access', values: ['yes', 'customers', 'yes'] },
      { key: 'empty', values: [] },
    ];
    expect(serializeFieldFilterParams(made)).toEqual(['f.access=customers,yes', 'f.level.max=3']);
    expect(normalizeFieldFilters(made)).toEqual([
      { key: 'access', values: ['customers', 'yes'] },
      { key: 'level', values: [], max: '3' },
    ]);
    expect(
      sameFieldFilters(made, parseFieldFilterParams(params('f.level.max=3&f.access=yes,customers'))),
    ).toBe(true);
  });

  it('round-trips through the home page’s view, with the category, open-now and a search', () => {
    const query = 'lat=45.8&lng=16&z=12&cat=defibrillator&q=bolnica&open=now&f.access=yes&f.indoor=true';
    const view = parseViewState(query, defaults);
    expect(view).toMatchObject({
      categories: ['defibrillator'],
      search: 'bolnica',
      openNow: true,
      filters: [
        { key: 'access', values: ['yes'] },
        { key: 'indoor', values: ['true'] },
      ],
    });
    expect(serializeViewState(view)).toBe(query);
    // A view without filters has no such key, and writes none.
    expect(parseViewState('lat=45.8&lng=16&z=12', defaults)).not.toHaveProperty('filters');
  });

  it('round-trips through Near me’s state', () => {
    const query = 'lat=45.81&lng=15.97&r=2000&tab=near&cat=defibrillator&f.access=yes&f.level.min=0';
    const state = parseNearState(query);
    expect(state.filters).toEqual([
      { key: 'access', values: ['yes'] },
      { key: 'level', values: [], min: '0' },
    ]);
    expect(serializeNearState(state)).toBe(query);
  });

  it('carries the filters into the embed’s link', () => {
    const view = parseViewState(
      'lat=45.8&lng=16&z=12&cat=defibrillator&f.access=yes&f.indoor=true',
      defaults,
    );
    expect(embedLink('https://karta.example.org', view)).toBe(
      'https://karta.example.org/embed?lat=45.8&lng=16&z=12&cat=defibrillator&f.access=yes&f.indoor=true',
    );
  });
});
