import { describe, expect, it } from 'vitest';
import { boundsContain, padBounds, placesInBox } from './bounds.ts';

describe('boundsContain', () => {
  it('handles a box across the antimeridian', () => {
    const box = { west: 170, south: 0, east: -170, north: 10 };
    expect(boundsContain(box, { lat: 5, lng: 179 })).toBe(true);
    expect(boundsContain(box, { lat: 5, lng: -175 })).toBe(true);
    expect(boundsContain(box, { lat: 5, lng: 0 })).toBe(false);
    expect(boundsContain(box, { lat: 11, lng: 179 })).toBe(false);
  });
});

describe('placesInBox', () => {
  it('keeps the places inside the box, edges included, in their order', () => {
    const box = { west: 15.9, south: 45.7, east: 16.1, north: 45.9 };
    const places = [
      { id: 1, lat: 45.8, lng: 16.1 },
      { id: 2, lat: 45.95, lng: 16 },
      { id: 3, lat: 45.7, lng: 15.95 },
    ];
    expect(placesInBox(places, box).map((place) => place.id)).toEqual([1, 3]);
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
