import { MAX_LATITUDE, wrapLng } from './mercator.ts';
import type { Bounds, LatLng } from './types.ts';

/**
 * A box as an engine reports it (longitudes may run past ±180 after panning around the world) in
 * the form the API takes: longitudes in −180…180 with `west > east` across the antimeridian,
 * latitudes within the square Mercator world, and the whole world when the view is wider than it.
 */
export function normalizeBounds(raw: Bounds): Bounds {
  const south = clampLat(Math.min(raw.south, raw.north));
  const north = clampLat(Math.max(raw.south, raw.north));
  if (raw.east - raw.west >= 360) return { west: -180, south, east: 180, north };
  return { west: wrapLng(raw.west), south, east: wrapLng(raw.east), north };
}

/** A centre with its longitude wrapped into −180…180 and its latitude within the Mercator world. */
export function normalizeCenter(center: LatLng): LatLng {
  return { lat: clampLat(center.lat), lng: wrapLng(center.lng) };
}

function clampLat(lat: number): number {
  return Math.max(-MAX_LATITUDE, Math.min(MAX_LATITUDE, lat));
}
