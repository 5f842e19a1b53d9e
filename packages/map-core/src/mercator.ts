/**
 * Web-Mercator maths on 256-px tiles, the scale web map engines share, so "zoom 10" and "60 px"
 * mean the same thing on the server, in tests and in every engine.
 */
import type { LatLng } from './types.ts';

/** Side of one map tile in CSS pixels. */
export const TILE_SIZE = 256;

/** The latitude at which the square Web-Mercator world ends (±85.0511…°). */
export const MAX_LATITUDE = (Math.atan(Math.sinh(Math.PI)) * 180) / Math.PI;

/** A position in world pixels at one zoom: x grows east from the antimeridian, y grows south. */
export interface WorldPoint {
  x: number;
  y: number;
}

/** Width (and height) of the whole world in pixels at `zoom`. */
export function worldSize(zoom: number): number {
  return TILE_SIZE * 2 ** zoom;
}

/** Longitude to a fraction of the world's width, 0 at −180°, 1 at +180°. */
export function lngToUnitX(lng: number): number {
  return lng / 360 + 0.5;
}

/** Latitude to a fraction of the world's height, 0 at the north edge; clamped to the square world. */
export function latToUnitY(lat: number): number {
  const clamped = Math.max(-MAX_LATITUDE, Math.min(MAX_LATITUDE, lat));
  const sin = Math.sin((clamped * Math.PI) / 180);
  return 0.5 - (0.25 * Math.log((1 + sin) / (1 - sin))) / Math.PI;
}

/** Fraction of the world's width back to a longitude (not wrapped). */
export function unitXToLng(x: number): number {
  return (x - 0.5) * 360;
}

/** Fraction of the world's height back to a latitude. */
export function unitYToLat(y: number): number {
  return (360 * Math.atan(Math.exp((0.5 - y) * 2 * Math.PI))) / Math.PI - 90;
}

/** A position to world pixels at `zoom`. */
export function project(position: LatLng, zoom: number): WorldPoint {
  const size = worldSize(zoom);
  return { x: lngToUnitX(position.lng) * size, y: latToUnitY(position.lat) * size };
}

/** World pixels at `zoom` back to a position, with the longitude wrapped into −180…180. */
export function unproject(point: WorldPoint, zoom: number): LatLng {
  const size = worldSize(zoom);
  return { lat: unitYToLat(point.y / size), lng: wrapLng(unitXToLng(point.x / size)) };
}

/**
 * Screen distance in pixels between two positions at `zoom`; across the antimeridian when that is
 * shorter, since the map repeats the world sideways.
 */
export function pixelDistance(a: LatLng, b: LatLng, zoom: number): number {
  const size = worldSize(zoom);
  const pa = project(a, zoom);
  const pb = project(b, zoom);
  const dxDirect = Math.abs(pa.x - pb.x);
  const dx = Math.min(dxDirect, size - dxDirect);
  return Math.hypot(dx, pa.y - pb.y);
}

/** The position `dx` pixels east and `dy` pixels south of `position` at `zoom`. */
export function offsetByPixels(position: LatLng, dx: number, dy: number, zoom: number): LatLng {
  const p = project(position, zoom);
  return unproject({ x: p.x + dx, y: p.y + dy }, zoom);
}

/** A longitude wrapped into −180…180 (180 itself stays 180). */
export function wrapLng(lng: number): number {
  if (lng >= -180 && lng <= 180) return lng;
  return ((((lng + 180) % 360) + 360) % 360) - 180;
}
