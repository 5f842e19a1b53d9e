import { PlaceListQuery, PlaceSuggestionsQuery } from '@karta/contracts';
import { describe, expect, it } from 'vitest';
import { createApiClient } from './client.ts';

describe('listPlaces', () => {
  it('sends search, near and covers in the wire form the server parses back to the same query', async () => {
    const urls: string[] = [];
    const fetch = (async (url: string | URL | Request) => {
      urls.push(String(url));
      return new Response(
        JSON.stringify({ items: [], total: 0, totalIsLowerBound: false, nextCursor: null }),
        {
          headers: { 'content-type': 'application/json' },
        },
      );
    }) as typeof globalThis.fetch;
    const api = createApiClient({ fetch });
    const queries = [
      { q: 'Željeznički kolodvor', limit: 8 },
      { near: { lat: 45.8, lng: 16 }, radius: 1000, category: ['pharmacy'] },
      { covers: { lat: -16.5, lng: 179.9 }, q: 'a&b=c' },
    ];
    for (const query of queries) await api.listPlaces(query);
    expect(urls[0]).toContain('q=');
    const parsed = urls.map((url) =>
      PlaceListQuery.parse(Object.fromEntries(new URL(url, 'http://x').searchParams)),
    );
    expect(parsed).toEqual(queries);
  });
});

describe('suggestPlaces', () => {
  it('sends the text, origin, categories and limit in the wire form the server parses back', async () => {
    const urls: string[] = [];
    const fetch = (async (url: string | URL | Request) => {
      urls.push(String(url));
      return new Response(JSON.stringify({ items: [] }), { headers: { 'content-type': 'application/json' } });
    }) as typeof globalThis.fetch;
    const query = {
      q: 'cvjetni t&r',
      origin: { lat: 45.81, lng: 15.97 },
      category: ['market', 'pharmacy'],
      limit: 6,
    };
    expect(await createApiClient({ fetch }).suggestPlaces(query)).toEqual({ items: [] });
    const url = new URL(urls[0] as string, 'http://x');
    expect(url.pathname).toBe('/api/v1/places/suggestions');
    expect(PlaceSuggestionsQuery.parse(Object.fromEntries(url.searchParams))).toEqual(query);
  });
});
