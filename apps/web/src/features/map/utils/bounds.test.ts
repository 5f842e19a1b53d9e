import { describe, expect, it } from 'vitest';
import { boundsContain, padBounds } from './bounds.ts';

describe('boundsContain', () => {
  it('handles a box across the antimeridian', () => {
    const box = { west: 170, south: 0, east: -170, north: 10 };
    expect(boundsContain(box, { lat: 5, lng: 179 })).toBe(true);
    expect(boundsContain(box, { lat: 5, lng: -175 })).toBe(true);
    expect(boundsContain(box, { lat: 5, lng: 0 })).toBe(false);
    expect(boundsContain(box, { lat: 11, lng: 179 })).toBe(false);
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
