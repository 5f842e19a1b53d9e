import type { MapPlace } from '@karta/contracts';
import { describe, expect, it } from 'vitest';
import { AMBIENT_CIRCLES_MIN_ZOOM, buildCircles } from './build-circles.ts';

function place(id: number, extra: Partial<MapPlace> = {}): MapPlace {
  return {
    id,
    lat: 45.8,
    lng: 16,
    category: 'shelter',
    name: `Place ${id}`,
    radius: null,
    locationPrivacy: 'exact',
    stale: false,
    ...extra,
  };
}

const colorOf = () => '#2563eb';

describe('buildCircles', () => {
  const places = [place(1, { radius: 500 }), place(2), place(3, { radius: 250 })];

  it('draws no radius below zoom 13 when nothing is selected', () => {
    expect(buildCircles({ places, selected: null, zoom: AMBIENT_CIRCLES_MIN_ZOOM - 1, colorOf })).toEqual([]);
  });

  it('draws every radius in view from zoom 13', () => {
    const circles = buildCircles({ places, selected: null, zoom: AMBIENT_CIRCLES_MIN_ZOOM, colorOf });
    expect(circles.map((c) => [c.id, c.kind, c.radius])).toEqual([
      ['radius-1', 'ambient', 500],
      ['radius-3', 'ambient', 250],
    ]);
  });

  it('draws the selected place’s radius at any zoom, once', () => {
    const selected = {
      id: 1,
      lat: 45.8,
      lng: 16,
      radius: 500,
      locationPrivacy: 'exact' as const,
      color: '#dc2626',
    };
    const circles = buildCircles({ places, selected, zoom: 15, colorOf });
    expect(circles.filter((c) => c.id.endsWith('-1'))).toEqual([
      { id: 'selected-1', lat: 45.8, lng: 16, radius: 500, color: '#dc2626', kind: 'selected' },
    ]);
    expect(buildCircles({ places, selected, zoom: 8, colorOf }).map((c) => c.id)).toEqual(['selected-1']);
  });

  it('draws an area for a coarsened position instead of letting it look exact', () => {
    const coarse = [place(7, { locationPrivacy: '100m' }), place(8, { locationPrivacy: '1km' })];
    const circles = buildCircles({ places: coarse, selected: null, zoom: 10, colorOf });
    expect(circles.map((c) => [c.id, c.kind, c.radius])).toEqual([
      ['area-7', 'area', 100],
      ['area-8', 'area', 1000],
    ]);
  });
});
