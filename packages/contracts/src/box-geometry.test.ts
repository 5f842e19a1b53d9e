import { describe, expect, it } from 'vitest';
import { bboxCentre, bboxWidth, listOrigin } from './box-geometry.ts';

const zagreb = { west: 15.9, south: 45.7, east: 16.1, north: 45.9 };
/** Across the antimeridian: from Fiji east to Samoa. */
const pacific = { west: 177, south: -20, east: -171, north: -10 };

describe('box geometry', () => {
  it('measures and centres a box, across the antimeridian too', () => {
    expect(bboxWidth(zagreb)).toBeCloseTo(0.2, 10);
    expect(bboxCentre(zagreb)).toEqual({ lat: 45.8, lng: 16 });
    expect(bboxWidth(pacific)).toBe(12);
    expect(bboxCentre(pacific)).toEqual({ lat: -15, lng: -177 });
  });

  it('measures a list from near, covers or origin, else the box’s centre, else nowhere', () => {
    const point = { lat: 45.81, lng: 15.98 };
    expect(listOrigin({ near: point, bbox: zagreb })).toBe(point);
    expect(listOrigin({ covers: point })).toBe(point);
    expect(listOrigin({ origin: point, bbox: zagreb })).toBe(point);
    expect(listOrigin({ bbox: zagreb })).toEqual({ lat: 45.8, lng: 16 });
    expect(listOrigin({})).toBeUndefined();
  });
});
