import { describe, expect, it } from 'vitest';
import { boundsContain, normalizeBounds, padBounds } from './bounds.ts';

describe('normalizeBounds', () => {
  it('keeps a box inside the ranges as it is', () => {
    const box = { west: 15.5, south: 45.5, east: 16.5, north: 46 };
    expect(normalizeBounds(box)).toEqual(box);
  });

  it('turns a view wider than the world into the whole world', () => {
    expect(normalizeBounds({ west: -250, south: -85, east: 250, north: 85 })).toEqual({
      west: -180,
      south: -85,
      east: 180,
      north: 85,
    });
  });

  it('wraps a view past the antimeridian into a crossing box', () => {
    const box = normalizeBounds({ west: 170, south: 0, east: 190, north: 10 });
    expect(box).toEqual({ west: 170, south: 0, east: -170, north: 10 });
    expect(boundsContain(box, { lat: 5, lng: 179 })).toBe(true);
    expect(boundsContain(box, { lat: 5, lng: -175 })).toBe(true);
    expect(boundsContain(box, { lat: 5, lng: 0 })).toBe(false);
  });
});

describe('padBounds', () => {
  it('grows a zero-size box of co-located places so they can be found', () => {
    const box = padBounds({ west: 16, south: 45.8, east: 16, north: 45.8 });
    expect(box.west).toBeLessThan(16);
    expect(box.east).toBeGreaterThan(16);
    expect(box.south).toBeLessThan(45.8);
    expect(box.north).toBeGreaterThan(45.8);
  });
});
