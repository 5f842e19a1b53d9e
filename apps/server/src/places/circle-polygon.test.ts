import { describe, expect, it } from 'vitest';
import { circlePolygon } from './circle-polygon.ts';
import { EARTH_RADIUS_M } from './place-sql.ts';

const RAD = Math.PI / 180;

function haversine(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const h =
    Math.sin(((b.lat - a.lat) * RAD) / 2) ** 2 +
    Math.cos(a.lat * RAD) * Math.cos(b.lat * RAD) * Math.sin(((b.lng - a.lng) * RAD) / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Even-odd ray casting, as PostgreSQL's `point <@ polygon` (points on the edge aside). */
function inside(polygon: string, point: { lat: number; lng: number }): boolean {
  const corners = [...polygon.matchAll(/\(([-\d.e]+),([-\d.e]+)\)/g)].map((m) => [
    Number(m[1]),
    Number(m[2]),
  ]);
  let holds = false;
  for (let i = 0, j = corners.length - 1; i < corners.length; j = i, i += 1) {
    const [xi, yi] = corners[i] as [number, number];
    const [xj, yj] = corners[j] as [number, number];
    if (yi > point.lat !== yj > point.lat && point.lng < ((xj - xi) * (point.lat - yi)) / (yj - yi) + xi) {
      holds = !holds;
    }
  }
  return holds;
}

/** A small seeded generator, so a failure names a case that repeats. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

describe('circlePolygon', () => {
  it('holds every point of the circle, on its edge too, from the equator to 70°', () => {
    const next = random(7);
    for (let round = 0; round < 300; round += 1) {
      const centre = { lat: (next() * 2 - 1) * 70, lng: (next() * 2 - 1) * 170 };
      const radius = 1 + next() * 99_999;
      const polygon = circlePolygon(centre, radius);
      expect(polygon).toBeDefined();
      for (let k = 0; k < 200; k += 1) {
        // Points in the circle, most of them right at its edge (where a polygon would cut in).
        const bearing = next() * 2 * Math.PI;
        const d = (k % 2 === 0 ? 1 - 1e-9 : next()) * (radius / EARTH_RADIUS_M);
        const lat1 = centre.lat * RAD;
        const lat2 = Math.asin(
          Math.sin(lat1) * Math.cos(d) + Math.cos(lat1) * Math.sin(d) * Math.cos(bearing),
        );
        const lng2 =
          centre.lng +
          Math.atan2(
            Math.sin(bearing) * Math.sin(d) * Math.cos(lat1),
            Math.cos(d) - Math.sin(lat1) * Math.sin(lat2),
          ) /
            RAD;
        const point = { lat: lat2 / RAD, lng: lng2 };
        expect(haversine(centre, point)).toBeLessThanOrEqual(radius);
        expect(inside(polygon as string, point), JSON.stringify({ centre, radius, point })).toBe(true);
      }
    }
  });

  it('leaves out most of the box corners', () => {
    const centre = { lat: 45.38, lng: 15.4 };
    const polygon = circlePolygon(centre, 50_000) as string;
    // 66 km away on the diagonal: inside the circle's box, outside the circle.
    expect(inside(polygon, { lat: 45.8, lng: 16.0 })).toBe(false);
    expect(inside(polygon, { lat: 45.38, lng: 16.0 })).toBe(true);
  });

  it('gives no polygon near a pole, across the antimeridian, or past 100 km', () => {
    expect(circlePolygon({ lat: 75, lng: 0 }, 1000)).toBeUndefined();
    expect(circlePolygon({ lat: 0, lng: 179.99 }, 5000)).toBeUndefined();
    expect(circlePolygon({ lat: 0, lng: 0 }, 150_000)).toBeUndefined();
  });
});
