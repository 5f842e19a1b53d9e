import { seededRandom } from './stats.ts';

export interface BenchViewport {
  bbox: { west: number; south: number; east: number; north: number };
  zoom: number;
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
    const degreesPerPixel = 360 / (256 * 2 ** zoom);
    const halfWidth = 640 * degreesPerPixel;
    const halfHeight = 200 * degreesPerPixel * Math.cos((lat * Math.PI) / 180);
    viewports.push({
      zoom,
      bbox: {
        west: lng - halfWidth,
        south: lat - halfHeight,
        east: lng + halfWidth,
        north: lat + halfHeight,
      },
    });
  }
  return viewports;
}
