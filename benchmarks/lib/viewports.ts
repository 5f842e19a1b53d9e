import { seededRandom } from './stats.ts';
import { type DataShape, worldCities } from './world-places.ts';

export interface BenchViewport {
  bbox: { west: number; south: number; east: number; north: number };
  zoom: number;
}

/** A 1280 × 400 px map at `zoom` centred on `lat`, `lng`, on 256-px tiles (cut at the world's edges). */
function viewport(lat: number, lng: number, zoom: number): BenchViewport {
  const degreesPerPixel = 360 / (256 * 2 ** zoom);
  const halfWidth = Math.min(180, 640 * degreesPerPixel);
  const halfHeight = 200 * degreesPerPixel * Math.cos((lat * Math.PI) / 180);
  return {
    zoom,
    bbox: {
      west: Math.max(-180, lng - halfWidth),
      south: Math.max(-85, lat - halfHeight),
      east: Math.min(180, lng + halfWidth),
      north: Math.min(85, lat + halfHeight),
    },
  };
}

/**
 * Viewports a person browsing the Zagreb demo would ask for: a 1280 × 400 px map at zooms 8–16,
 * centred within ~30 km of the city (where the demo data is), on 256-px tiles.
 */
export function zagrebViewports(count: number, seed = 7): BenchViewport[] {
  const random = seededRandom(seed);
  const viewports: BenchViewport[] = [];
  for (let i = 0; i < count; i += 1) {
    const zoom = 8 + Math.floor(random() * 9);
    const lat = 45.8 + (random() - 0.5) * 0.5;
    const lng = 16.0 + (random() - 0.5) * 0.7;
    viewports.push(viewport(lat, lng, zoom));
  }
  return viewports;
}

/**
 * Viewports over world-spread places (world-places.ts): 30% over Zagreb as above, 50% over one of
 * the 300 largest cities at zooms 8–16 (within ~20 km of its centre), 20% a continent or the
 * whole world at zooms 2–7.
 */
export function worldViewports(count: number, seed = 7): BenchViewport[] {
  const random = seededRandom(seed);
  const { largest } = worldCities();
  const zagreb = zagrebViewports(count, seed + 1);
  return Array.from({ length: count }, (_, i) => {
    const roll = random();
    if (roll < 0.3) return zagreb[i] as BenchViewport;
    const city = largest[Math.floor(random() * largest.length)] as (typeof largest)[number];
    if (roll < 0.8) {
      return viewport(
        city.lat + (random() - 0.5) * 0.35,
        city.lng + (random() - 0.5) * 0.5,
        8 + Math.floor(random() * 9),
      );
    }
    return viewport(city.lat, city.lng, 2 + Math.floor(random() * 6));
  });
}

export function viewportsFor(shape: DataShape, count: number, seed = 7): BenchViewport[] {
  return shape === 'world' ? worldViewports(count, seed) : zagrebViewports(count, seed);
}
