import type { PlaceListItem } from '@karta/contracts';
import { type Bounds, type LatLng, offsetByPixels } from '@karta/map-core';
import { ClusterIndex } from '@karta/map-core/clustering';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { listedPlace } from '../../../testing/fixtures.ts';
import { placesInBox } from './bounds.ts';
import { type ClusterView, clusterResults } from './result-clusters.ts';

const CENTRE: LatLng = { lat: 45.8131, lng: 15.9775 };
const MAX_ZOOM = 18;

/** A 1280 × 400 px view centred on `centre`, as an engine reports it. */
function viewAround(centre: LatLng, zoom: number): ClusterView {
  const northWest = offsetByPixels(centre, -640, -200, zoom);
  const southEast = offsetByPixels(centre, 640, 200, zoom);
  return {
    zoom,
    bounds: { west: northWest.lng, north: northWest.lat, east: southEast.lng, south: southEast.lat },
  };
}

/** A result `dx` px east and `dy` px south of the centre at `zoom`. */
function resultAt(id: number, dx: number, dy: number, zoom: number, overrides: Partial<PlaceListItem> = {}) {
  return listedPlace({ id, ...offsetByPixels(CENTRE, dx, dy, zoom), ...overrides });
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('clusterResults', () => {
  it('draws 172 results in one spot at zoom 15 as one cluster of 172, tier 3', () => {
    const places = Array.from({ length: 172 }, (_, i) => listedPlace({ id: i + 1, ...CENTRE }));

    const answer = clusterResults(places, MAX_ZOOM).answer(viewAround(CENTRE, 15), 'en');

    expect(answer.places).toEqual([]);
    expect(answer.clusters).toHaveLength(1);
    expect(answer.clusters[0]).toMatchObject({
      count: 172,
      tier: 3,
      lat: CENTRE.lat,
      lng: CENTRE.lng,
      bounds: { west: CENTRE.lng, south: CENTRE.lat, east: CENTRE.lng, north: CENTRE.lat },
    });
  });

  it('draws two results 200 px apart as two markers, named in the language, stale as the server says', () => {
    const places = [
      resultAt(1, 0, 0, 15),
      resultAt(2, 200, 0, 15, { name: { hr: 'Samo hrvatski' }, primaryLanguage: 'hr', stale: true }),
    ];

    const answer = clusterResults(places, MAX_ZOOM).answer(viewAround(CENTRE, 15), 'en');

    expect(answer.clusters).toEqual([]);
    expect(
      answer.places.map(({ id, name, stale }) => ({ id, name, stale })).sort((a, b) => a.id - b.id),
    ).toEqual([
      { id: 1, name: 'City Pharmacy Centre', stale: false },
      { id: 2, name: 'Samo hrvatski', stale: true },
    ]);
    expect(answer.places.find((place) => place.id === 1)).toEqual({
      id: 1,
      lat: places[0]?.lat,
      lng: places[0]?.lng,
      category: 'pharmacy',
      name: 'City Pharmacy Centre',
      radius: null,
      locationPrivacy: 'exact',
      stale: false,
    });
  });

  it('gives a cluster the exact box around its results, with its centre inside', () => {
    const places = [resultAt(1, -20, -10, 15), resultAt(2, 15, 25, 15), resultAt(3, 5, 0, 15)];

    const [cluster] = clusterResults(places, MAX_ZOOM).answer(viewAround(CENTRE, 15), 'en').clusters;

    const lats = places.map((place) => place.lat);
    const lngs = places.map((place) => place.lng);
    const box: Bounds = {
      west: Math.min(...lngs),
      south: Math.min(...lats),
      east: Math.max(...lngs),
      north: Math.max(...lats),
    };
    expect(cluster).toMatchObject({ count: 3, tier: 1, bounds: box });
    expect(cluster?.lat).toBeGreaterThanOrEqual(box.south);
    expect(cluster?.lat).toBeLessThanOrEqual(box.north);
    expect(cluster?.lng).toBeGreaterThanOrEqual(box.west);
    expect(cluster?.lng).toBeLessThanOrEqual(box.east);
  });

  it('answers each view as the server index answers the same places', () => {
    // A city's worth of results: dense in the centre, sparser around it.
    const places = Array.from({ length: 400 }, (_, i) => {
      const angle = i * 2.399963; // the golden angle: an even spiral
      const distance = 0.0004 * Math.sqrt(i) * (i % 7 === 0 ? 8 : 1);
      return listedPlace({
        id: i + 1,
        lat: CENTRE.lat + distance * Math.sin(angle),
        lng: CENTRE.lng + distance * Math.cos(angle),
        category: i % 3 === 0 ? 'library' : 'pharmacy',
      });
    });
    const clustered = clusterResults(places, MAX_ZOOM);
    const index = ClusterIndex.build(
      places.map(({ id, lat, lng, category, name, primaryLanguage, radius, locationPrivacy }) => ({
        id,
        lat,
        lng,
        category,
        name,
        primaryLanguage,
        radius,
        locationPrivacy,
      })),
      { maxZoom: MAX_ZOOM },
    );

    const seen = { clusters: 0, places: 0 };
    for (const zoom of [10, 12, 14, 15, 16, 18]) {
      for (const centre of [CENTRE, offsetByPixels(CENTRE, 300, -150, zoom)]) {
        const view = viewAround(centre, zoom);
        const answer = clustered.answer(view, 'hr');
        const expected = index.query({ bbox: view.bounds, zoom, lang: 'hr' });
        expect(answer.clusters).toEqual(expected.clusters);
        expect(answer.places).toEqual(expected.places);
        seen.clusters += answer.clusters.length;
        seen.places += answer.places.length;
      }
    }
    expect(seen.clusters).toBeGreaterThan(10);
    expect(seen.places).toBeGreaterThan(10);
  });

  it('builds the index once per result set and asks it again for each view: zooming in splits a cluster', () => {
    const build = vi.spyOn(ClusterIndex, 'build');
    // 30 px apart at zoom 15, 120 px at zoom 17.
    const places = [resultAt(1, 0, 0, 15), resultAt(2, 30, 0, 15)];
    const clustered = clusterResults(places, MAX_ZOOM);

    expect(clustered.answer(viewAround(CENTRE, 15), 'en').clusters.map((cluster) => cluster.count)).toEqual([
      2,
    ]);
    const zoomedIn = clustered.answer(viewAround(CENTRE, 17), 'en');
    expect(zoomedIn.clusters).toEqual([]);
    expect(zoomedIn.places.map((place) => place.id).sort()).toEqual([1, 2]);
    expect(build).toHaveBeenCalledTimes(1);
  });

  it('asks as the map asks the server: a whole zoom, and a box past ±180° brought back', () => {
    const places = [resultAt(1, 0, 0, 15), resultAt(2, 45, 0, 15)];
    const clustered = clusterResults(places, MAX_ZOOM);
    const view = viewAround(CENTRE, 15);

    // 14.6 is asked as 15 (the server gets Math.round), where 45 px apart is one cluster.
    expect(clustered.answer({ ...view, zoom: 14.6 }, 'en')).toEqual(clustered.answer(view, 'en'));
    // After panning once around the world, an engine reports longitudes past 180.
    const aroundTheWorld = {
      ...view,
      bounds: { ...view.bounds, west: view.bounds.west + 360, east: view.bounds.east + 360 },
    };
    expect(clustered.answer(aroundTheWorld, 'en')).toEqual(clustered.answer(view, 'en'));
  });

  it('keeps results in one spot a cluster past the highest zoom, to be listed', () => {
    const places = [listedPlace({ id: 1, ...CENTRE }), listedPlace({ id: 2, ...CENTRE })];

    const answer = clusterResults(places, MAX_ZOOM).answer(viewAround(CENTRE, 20), 'en');

    expect(answer.clusters.map((cluster) => cluster.count)).toEqual([2]);
    expect(answer.places).toEqual([]);
  });

  it('boxes a cluster so that the results in its box, which its list shows, are its own', () => {
    const places = [resultAt(1, 0, 0, 18), resultAt(2, 10, 10, 18), resultAt(3, 400, 0, 18)];
    const [cluster] = clusterResults(places, MAX_ZOOM).answer(viewAround(CENTRE, 18), 'en').clusters;
    if (!cluster) throw new Error('No cluster');

    expect(cluster.count).toBe(2);
    expect(placesInBox(places, cluster.bounds).map((place) => place.id)).toEqual([1, 2]);
  });

  it('answers no results with nothing', () => {
    expect(clusterResults([], MAX_ZOOM).answer(viewAround(CENTRE, 12), 'en')).toEqual({
      clusters: [],
      places: [],
    });
  });
});
