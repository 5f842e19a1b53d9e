import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Box, circleBoxes } from './place-sql.ts';
import { unseenDistanceBound, walkParts } from './walk-bound.ts';

/** The reference haversine, written apart from the code under test. */
function haversineM(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = Math.PI / 180;
  const h =
    Math.sin(((b.lat - a.lat) * rad) / 2) ** 2 +
    Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(((b.lng - a.lng) * rad) / 2) ** 2;
  return 2 * 6_371_008.8 * Math.asin(Math.min(1, Math.sqrt(h)));
}

const latitude = fc.double({ min: -90, max: 90, noNaN: true });
const longitude = fc.double({ min: -180, max: 180, noNaN: true });
const fraction = fc.double({ min: 0, max: 1, noNaN: true });

describe('walkParts', () => {
  it('keeps every longitude of a part within 180° of its shifted origin, and covers each box once', () => {
    const parts = walkParts([[-180, -90, 180, 90]], { lat: 10, lng: 100 });
    expect(parts.map((part) => [part.box[0], part.box[2], part.from.lng])).toEqual([
      [-180, -80, -260],
      [-80, 180, 100],
    ]);
  });
});

describe('unseenDistanceBound', () => {
  it('is never more than the haversine distance of a point of the box at that planar distance or more', () => {
    const boxes = fc.oneof(
      // Circles as `near` draws them (antimeridian and poles included), the whole world, any box.
      fc
        .tuple(latitude, longitude, fc.double({ min: 1, max: 100_000, noNaN: true }))
        .map(([lat, lng, radius]) => ({ origin: { lat, lng }, boxes: circleBoxes({ lat, lng }, radius) })),
      fc.tuple(latitude, longitude).map(([lat, lng]) => ({
        origin: { lat, lng },
        boxes: [[-180, -90, 180, 90]] as Box[],
      })),
      fc.tuple(latitude, longitude, latitude, longitude, longitude).map(([a, x, b, y, lng]) => ({
        origin: { lat: (a + b) / 2, lng },
        boxes: [[Math.min(x, y), Math.min(a, b), Math.max(x, y), Math.max(a, b)]] as Box[],
      })),
    );
    fc.assert(
      fc.property(
        boxes,
        fc.array(fc.tuple(fraction, fraction), { minLength: 1, maxLength: 20 }),
        (spec, points) => {
          for (const part of walkParts(spec.boxes, spec.origin)) {
            const [west, south, east, north] = part.box;
            for (const [u, v] of points) {
              const point = { lat: south + (north - south) * v, lng: west + (east - west) * u };
              const planar = Math.hypot(point.lng - part.from.lng, point.lat - part.from.lat);
              const bound = unseenDistanceBound(part, planar);
              expect(bound).toBeLessThanOrEqual(haversineM(spec.origin, point) + 1e-6);
            }
          }
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('stays a lower bound when the planar distance is so small that its square underflows', () => {
    // fast-check's counterexample (seed 1826457475): the bound was Infinity, the distance ~0.
    const origin = { lat: -1.1292398753886764e-161, lng: -1.599937640205923e-155 };
    const point = { lat: -2.258479750777353e-161, lng: 0 };
    for (const part of walkParts([[0, -2.258479750777353e-161, 0, 0]], origin)) {
      const planar = Math.hypot(point.lng - part.from.lng, point.lat - part.from.lat);
      expect(unseenDistanceBound(part, planar)).toBeLessThanOrEqual(haversineM(origin, point) + 1e-6);
    }
  });

  it.each([
    ['a 10 km circle', circleBoxes({ lat: 45.8, lng: 15.97 }, 10_000)],
    ['a 50 km circle', circleBoxes({ lat: 45.8, lng: 15.97 }, 50_000)],
    ['the whole world', [[-180, -90, 180, 90]] as Box[]],
  ])(
    'is close to the true distance in %s, however small the planar distance, so a walk over-reads little',
    (_label, boxes) => {
      const origin = { lat: 45.8, lng: 15.97 };
      const part = walkParts(boxes, origin).find((candidate) => candidate.from.lng === origin.lng);
      for (const planar of [0.0005, 0.005, 0.05]) {
        // Due east shrinks most in metres (cos 45.8° ≈ 0.70): the bound must come near that.
        const east = haversineM(origin, { lat: origin.lat, lng: origin.lng + planar });
        expect(unseenDistanceBound(part as NonNullable<typeof part>, planar)).toBeGreaterThan(0.95 * east);
      }
    },
  );
});
