import { describe, expect, it } from 'vitest';
import { MAX_LATITUDE } from './mercator.ts';
import { normalizeBounds, normalizeCenter } from './viewport.ts';

describe('normalizeBounds', () => {
  it('keeps an ordinary box as it is', () => {
    expect(normalizeBounds({ west: 15.5, south: 45.6, east: 16.5, north: 46 })).toEqual({
      west: 15.5,
      south: 45.6,
      east: 16.5,
      north: 46,
    });
  });

  it('wraps a box panned past ±180° into one that crosses the antimeridian', () => {
    expect(normalizeBounds({ west: 170, south: -20, east: 190, north: -10 })).toMatchObject({
      west: 170,
      east: -170,
    });
    expect(normalizeBounds({ west: -200, south: -20, east: -150, north: -10 })).toMatchObject({
      west: 160,
      east: -150,
    });
    expect(normalizeBounds({ west: 370, south: 0, east: 380, north: 1 })).toMatchObject({
      west: 10,
      east: 20,
    });
  });

  it('gives the whole world for a view wider than it, and clamps latitudes to the Mercator square', () => {
    expect(normalizeBounds({ west: -300, south: -89, east: 200, north: 89 })).toEqual({
      west: -180,
      south: -MAX_LATITUDE,
      east: 180,
      north: MAX_LATITUDE,
    });
  });
});

describe('normalizeCenter', () => {
  it('wraps the longitude and clamps the latitude', () => {
    expect(normalizeCenter({ lat: 45.8, lng: 376 })).toEqual({ lat: 45.8, lng: 16 });
    expect(normalizeCenter({ lat: 90, lng: 0 }).lat).toBe(MAX_LATITUDE);
  });
});
