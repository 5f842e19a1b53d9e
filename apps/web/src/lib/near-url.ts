import { type FieldFilterParam, NEAR_RADII } from '@karta/contracts';
import type { LatLng } from '@karta/map-core';
import {
  formatCoordinate,
  OPEN_NOW_PARAM,
  parseCategoryParam,
  parseFiltersOf,
  parseLatLngParams,
  parseOpenNowParam,
  serializeCategoryParam,
} from './view-url.ts';
import { serializeFieldFilterParams } from './view-url-filters.ts';

/**
 * The "Near me" screen's state in its URL, so a search is a shareable link:
 * `/near?lat=45.81&lng=15.97&address=Ilica%201&r=1000&tab=covers&cat=pharmacy,shelter&open=now&f.indoor=true`.
 * Pure functions; the router hook lives in the app.
 */

/** One of the radii the screen offers, in metres. */
export type NearRadius = (typeof NEAR_RADII)[number];

/** `near`: places within the radius; `covers`: places whose own circle includes the point. */
export type NearTab = 'near' | 'covers';

export interface NearState {
  /** The point searched around; null until the user shares their location or picks one. */
  point: LatLng | null;
  /**
   * The address the point was found from ("Ilica 1, 10000 Zagreb"), shown instead of its
   * coordinates: plain text from the link, so anyone can write one; never without a point.
   */
  address?: string;
  radius: NearRadius;
  tab: NearTab;
  /** Category slugs searched, sorted; empty means every category. */
  categories: readonly string[];
  /** Only places open now (`open=now`); absent: every place. */
  openNow?: boolean;
  /** Only places whose fields hold these values (`f.<key>=…`), as on the home page. */
  filters?: readonly FieldFilterParam[];
}

/** A kilometre: a few minutes' walk, the first answer most people want. */
export const DEFAULT_NEAR_RADIUS: NearRadius = 1000;

/** Whether `value` is one of the offered radii. */
export function isNearRadius(value: number): value is NearRadius {
  return (NEAR_RADII as readonly number[]).includes(value);
}

function parseRadius(raw: string | null): NearRadius {
  // Only the offered radii: a hand-edited `r=7` would leave the selector with nothing chosen.
  const value = raw !== null && /^\d{1,6}$/.test(raw) ? Number(raw) : Number.NaN;
  return isNearRadius(value) ? value : DEFAULT_NEAR_RADIUS;
}

/** An address label longer than this is cut: the geocoder's labels are far shorter. */
export const MAX_ADDRESS_LENGTH = 200;

/**
 * An address label as the page may show it: one line (control characters, direction overrides that
 * would reorder the text around it, and runs of spaces become one space), at most {@link MAX_ADDRESS_LENGTH} characters, trimmed; undefined when nothing is left.
 */
export function parseAddressLabel(raw: string | null | undefined): string | undefined {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  const line = raw?.replace(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\s]+/gu, ' ').trim();
  const label = line ? [...line].slice(0, MAX_ADDRESS_LENGTH).join('').trim() : '';
  return label === '' ? undefined : label;
}

/** Reads the state from a query string; anything missing or invalid falls back safely. */
export function parseNearState(search: string | URLSearchParams): NearState {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const point = parseLatLngParams(params);
  const address = point ? parseAddressLabel(params.get('address')) : undefined;
  return {
    point,
    ...(address ? { address } : {}),
    radius: parseRadius(params.get('r')),
    tab: params.get('tab') === 'covers' ? 'covers' : 'near',
    categories: parseCategoryParam(params.get('cat')),
    ...(parseOpenNowParam(params) ? { openNow: true } : {}),
    ...parseFiltersOf(params),
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
    const address = parseAddressLabel(state.address);
    if (address) parts.push(`address=${encodeURIComponent(address)}`);
  }
  parts.push(`r=${state.radius}`, `tab=${state.tab}`);
  if (state.categories.length > 0) parts.push(serializeCategoryParam(state.categories));
  if (state.openNow) parts.push(OPEN_NOW_PARAM);
  parts.push(...serializeFieldFilterParams(state.filters ?? []));
  return parts.join('&');
}
