import { type LatLng, project, unproject } from '@karta/map-core';
import { describe, expect, it } from 'vitest';
import { boundsContain, boundsWithEdges, DRAWN_BEYOND_EDGE_PX, padBounds, placesInBox } from './bounds.ts';

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

describe('boundsWithEdges', () => {
  const zagreb = { west: 15.74, south: 45.61, east: 16.26, north: 45.99 };

  it('grows the box by the pixels a pin or cluster beyond the edge still shows, the same on every side', () => {
    const grown = boundsWithEdges(zagreb, 10);
    const inPixels = (a: LatLng, b: LatLng) => {
      const pa = project(a, 10);
      const pb = project(b, 10);
      return { dx: pb.x - pa.x, dy: pb.y - pa.y };
    };
    const north = inPixels({ lat: grown.north, lng: grown.west }, { lat: zagreb.north, lng: zagreb.west });
    const south = inPixels({ lat: zagreb.south, lng: zagreb.east }, { lat: grown.south, lng: grown.east });
    for (const side of [north.dx, north.dy, south.dx, south.dy])
      expect(side).toBeCloseTo(DRAWN_BEYOND_EDGE_PX, 6);
    expect(DRAWN_BEYOND_EDGE_PX).toBe(45);
  });

  it('keeps a pin whose point lies a pixel below the bottom edge', () => {
    const below = unproject(
      {
        x: project({ lat: zagreb.south, lng: 16 }, 10).x,
        y: project({ lat: zagreb.south, lng: 16 }, 10).y + 1,
      },
      10,
    );
    expect(boundsContain(zagreb, below)).toBe(false);
    expect(boundsContain(boundsWithEdges(zagreb, 10), below)).toBe(true);
  });

  it('stays within the world: the whole width when it would wrap, the poles clamped', () => {
    const world = boundsWithEdges({ west: -179.9, south: -80, east: 179.9, north: 84 }, 2);
    expect(world.west).toBe(-180);
    expect(world.east).toBe(180);
    expect(world.north).toBeLessThanOrEqual(85.06);
    expect(world.south).toBeGreaterThanOrEqual(-85.06);
    const across = boundsWithEdges({ west: 179.9, south: 10, east: -179.9, north: 11 }, 12);
    expect(across.west).toBeGreaterThan(179);
    expect(across.east).toBeLessThan(-179);
  });
});
