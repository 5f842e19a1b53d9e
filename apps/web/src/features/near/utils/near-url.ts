import { NEAR_RADII } from '@karta/contracts';
import type { LatLng } from '@karta/map-core';
import { formatCoordinate } from '../../../lib/view-url.ts';

/**
 * The "Near me" screen's state in its URL, so a search is a shareable link:
 * `/near?lat=45.81&lng=15.97&r=1000&tab=covers&cat=pharmacy,shelter`. Pure functions; the router
 * hook lives in the app.
 */

/** One of the radii the screen offers, in metres. */
export type NearRadius = (typeof NEAR_RADII)[number];

/** `near`: places within the radius; `covers`: places whose own circle includes the point. */
export type NearTab = 'near' | 'covers';

export interface NearState {
  /** The point searched around; null until the user shares their location or picks one. */
  point: LatLng | null;
  radius: NearRadius;
  tab: NearTab;
  /** Category slugs searched, sorted; empty means every category. */
  categories: readonly string[];
}

/** A kilometre: a few minutes' walk, the first answer most people want. */
export const DEFAULT_NEAR_RADIUS: NearRadius = 1000;

const DECIMAL = /^-?\d{1,3}(\.\d{1,12})?$/;
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const MAX_CATEGORIES = 50;

function parseDecimal(raw: string | null, limit: number): number | null {
  if (raw === null || !DECIMAL.test(raw)) return null;
  const value = Number(raw);
  return Math.abs(value) <= limit ? value : null;
}

function parsePoint(params: URLSearchParams): LatLng | null {
  const lat = parseDecimal(params.get('lat'), 90);
  const lng = parseDecimal(params.get('lng'), 180);
  // Half a point is no point: a lone valid lat must not pair with anything.
  return lat === null || lng === null ? null : { lat, lng };
}

/** Whether `value` is one of the offered radii. */
export function isNearRadius(value: number): value is NearRadius {
  return (NEAR_RADII as readonly number[]).includes(value);
}

function parseRadius(raw: string | null): NearRadius {
  // Only the offered radii: a hand-edited `r=7` would leave the selector with nothing chosen.
  const value = raw !== null && /^\d{1,6}$/.test(raw) ? Number(raw) : Number.NaN;
  return isNearRadius(value) ? value : DEFAULT_NEAR_RADIUS;
}

function parseCategories(raw: string | null): string[] {
  if (!raw) return [];
  const slugs = raw
    .split(',')
    .map((slug) => slug.trim())
    .filter((slug) => SLUG.test(slug));
  return [...new Set(slugs)].sort().slice(0, MAX_CATEGORIES);
}

/** Reads the state from a query string; anything missing or invalid falls back safely. */
export function parseNearState(search: string | URLSearchParams): NearState {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  return {
    point: parsePoint(params),
    radius: parseRadius(params.get('r')),
    tab: params.get('tab') === 'covers' ? 'covers' : 'near',
    categories: parseCategories(params.get('cat')),
  };
}

/**
 * Writes the state as a query string without the `?`: coordinates to 5 decimals (about a metre),
 * commas in `cat` literal (URLSearchParams would escape them) so links stay readable.
 */
export function serializeNearState(state: NearState): string {
  const parts: string[] = [];
  if (state.point) {
    parts.push(`lat=${formatCoordinate(state.point.lat)}`, `lng=${formatCoordinate(state.point.lng)}`);
  }
  parts.push(`r=${state.radius}`, `tab=${state.tab}`);
  if (state.categories.length > 0) {
    parts.push(`cat=${[...new Set(state.categories)].sort().map(encodeURIComponent).join(',')}`);
  }
  return parts.join('&');
}
