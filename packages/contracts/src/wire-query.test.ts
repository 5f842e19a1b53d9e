import { describe, expect, it } from 'vitest';
import { type Endpoint, type EndpointName, endpoints } from './endpoints.ts';
import { encodeQuery } from './wire-query.ts';

/** A typed query for every endpoint that takes one, using every kind of value its schema has. */
const samples: Partial<Record<EndpointName, object>> = {
  map: {
    bbox: { west: 15.9, south: 45.7, east: 16.1, north: 45.9 },
    zoom: 12,
    category: ['pharmacy'],
    lang: 'hr',
    openNow: true,
  },
  listPlaces: {
    status: ['pending', 'rejected'],
    mine: true,
    order: 'newest',
    bbox: { west: -180, south: -90, east: 180, north: 90 },
    category: ['market', 'shelter'],
    origin: { lat: 45.81, lng: 15.98 },
    limit: 50,
    q: 'Željeznički & kolodvor',
    near: { lat: -16.5, lng: 179.9 },
    radius: 1000,
    covers: { lat: 0, lng: 0 },
    openAt: '2026-11-25T10:00:00+01:00',
    stale: false,
  },
  suggestPlaces: { q: 'cvj', origin: { lat: 45.8, lng: 16 }, category: ['market'], limit: 6 },
  similarPlaces: { near: { lat: 45.8, lng: 16 }, name: 'Ljekarna', exclude: 12 },
  ssoStart: { returnTo: '/places/12?tab=photos' },
  ssoCallback: { code: 'a-code', state: 'a-state' },
  listNotes: { limit: 10, before: 42, ended: true },
  pendingNotes: { limit: 20, after: 7 },
  geocode: { q: 'Ilica 1, Zagreb', near: { lat: 45.8, lng: 16 }, limit: 5, lang: 'hr' },
  reverseGeocode: { lat: 45.813225, lng: -15.975638, precision: '100m', lang: 'en' },
  listFlags: { status: 'resolved' },
  listPhotos: { scope: 'review' },
  listUsers: { q: 'ana', limit: 10, offset: 20 },
  listJobs: { state: 'dead', before: 120, limit: 20 },
  listAudit: {
    actor: 7,
    action: 'place.transition',
    objectType: 'place',
    objectId: '42',
    from: '2026-11-01T00:00:00Z',
    to: '2026-11-30T00:00:00+01:00',
    limit: 50,
    cursor: 'abc',
  },
  listWebhookDeliveries: { before: 40, limit: 10 },
  importPlaces: { format: 'csv', dryRun: false, status: 'published' },
  exportGeoJson: { bbox: { west: 1, south: 2, east: 3, north: 4 }, category: ['market'], q: 'a' },
  exportCsv: { near: { lat: 45.8, lng: 16 }, radius: 500, openNow: true, stale: true },
  offlinePack: { bbox: { west: 179.5, south: -17, east: -179.5, north: -16 }, category: ['shelter'] },
  tilesSize: { bbox: { west: 15.9, south: 45.7, east: 16.1, north: 45.9 } },
  needsChecking: { limit: 20, cursor: 'abc' },
  previewHours: { value: 'Mo-Fr 08:00-16:00; PH off', lang: 'hr', near: { lat: 45.8, lng: 16 } },
  placesFeed: {
    bbox: { west: 15.9, south: 45.7, east: 16.1, north: 45.9 },
    category: ['market', 'shelter'],
    near: { lat: 45.8, lng: 16 },
    radius: 2000,
    covers: { lat: 45.81, lng: 15.98 },
  },
  oembed: {
    url: 'https://karta.example.org/?lat=45.8&lng=16&cat=a,b&f.x=1',
    maxwidth: 600,
    maxheight: 400,
    format: 'json',
  },
  reviewFeed: { token: 'AbC-_0123456789abcdefghijklmnopqrstuvwxyzAB' },
  listFollows: { token: 'AbC-_0123456789abcdefghijklmnopqrstuvwxyzAB' },
  endFollow: { token: 'AbC-_0123456789abcdefghijklmnopqrstuvwxyzAB' },
};

describe('encodeQuery', () => {
  it('writes every endpoint’s query in the wire form its own schema parses back to the same value', () => {
    const withQuery = (Object.entries(endpoints) as [EndpointName, Endpoint][]).filter(([, e]) => e.query);
    expect(withQuery.map(([name]) => name).sort()).toEqual(Object.keys(samples).sort());
    for (const [name, endpoint] of withQuery) {
      const wire = encodeQuery(samples[name] ?? {});
      for (const value of Object.values(wire)) expect(typeof value).toBe('string');
      expect(endpoint.query?.parse(wire), name).toEqual(samples[name]);
    }
  });

  it('leaves out values that mean "not given": undefined, null, empty text and empty lists', () => {
    expect(encodeQuery({ q: '', category: [], origin: undefined, cursor: null, limit: 0 })).toEqual({
      limit: '0',
    });
  });
});
