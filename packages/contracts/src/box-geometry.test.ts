import { describe, expect, it } from 'vitest';
import { bboxCentre, bboxWidth, boxAround, listOrigin, mapAsksForMatches } from './box-geometry.ts';

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

  it('draws the box around points, and none around no point', () => {
    expect(boxAround([])).toBeNull();
    expect(boxAround([{ lat: 45.8, lng: 16 }])).toEqual({ west: 16, south: 45.8, east: 16, north: 45.8 });
    expect(
      boxAround([
        { lat: 45.7, lng: 16.1 },
        { lat: 45.9, lng: 15.9 },
      ]),
    ).toEqual(zagreb);
  });

  it('tells a map query that asks for matches from one of the whole map', () => {
    expect(mapAsksForMatches({})).toBe(false);
    expect(mapAsksForMatches({ q: 'ljekarna' })).toBe(true);
    expect(mapAsksForMatches({ near: { lat: 45.8, lng: 16 } })).toBe(true);
    expect(mapAsksForMatches({ covers: { lat: 45.8, lng: 16 } })).toBe(true);
  });
});
