import type { FieldFilterParam } from '@karta/contracts';
import { parseFieldFilterParams, serializeFieldFilterParams } from './view-url-filters.ts';

/**
 * The home page's state in its URL, so every view is a shareable link:
 * `?lat=45.8&lng=16&z=10&place=123&cat=pharmacy,shelter&q=cvjetni&open=now&f.indoor=true`.
 * Pure functions only; the router hook that uses them lives in the app.
 */

export interface LatLng {
  lat: number;
  lng: number;
}

/** Everything a link restores: position, zoom, the selected place, the category filter and the search. */
export interface ViewState {
  center: LatLng;
  zoom: number;
  /** The selected place, whose info window is open. */
  placeId: number | null;
  /** Category slugs shown; empty means every category. */
  categories: readonly string[];
  /** The search text (`q`): the list and the map show the places matching it; absent when browsing. */
  search?: string;
  /** Only places open now (`open=now`); absent: every place. */
  openNow?: boolean;
  /** Only places whose fields hold these values (`f.<key>=…`, `.min`, `.max`); absent: no such filter. */
  filters?: readonly FieldFilterParam[];
}

/** What a missing or invalid parameter falls back to (from the runtime config). */
export interface ViewDefaults {
  center: LatLng;
  zoom: number;
  minZoom: number;
  maxZoom: number;
}

/** Decimal places kept for lat/lng: 5 is about a metre, plenty for a shared view. */
const COORDINATE_DECIMALS = 5;

const DECIMAL = /^-?\d{1,3}(\.\d+)?$/;
const INTEGER = /^\d{1,2}$/;
const PLACE_ID = /^[1-9]\d{0,14}$/;
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const MAX_CATEGORIES = 50;
/** The longest search the API takes. */
export const MAX_SEARCH_LENGTH = 100;
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

function parseDecimal(raw: string | null, min: number, max: number): number | null {
  if (raw === null || !DECIMAL.test(raw)) return null;
  const value = Number(raw);
  return Number.isFinite(value) && value >= min && value <= max ? value : null;
}

/** `lat` and `lng` of a link (also the Near me screen's point), or null unless both are valid. */
export function parseLatLngParams(params: URLSearchParams): LatLng | null {
  const lat = parseDecimal(params.get('lat'), -90, 90);
  const lng = parseDecimal(params.get('lng'), -180, 180);
  // Half a position is no position: a lone valid lat must not pair with a default lng.
  return lat === null || lng === null ? null : { lat, lng };
}

function parseZoom(raw: string | null, defaults: ViewDefaults): number {
  if (raw === null || !INTEGER.test(raw)) return defaults.zoom;
  const zoom = Number(raw);
  return zoom >= defaults.minZoom && zoom <= defaults.maxZoom ? zoom : defaults.zoom;
}

function parsePlaceId(raw: string | null): number | null {
  return raw !== null && PLACE_ID.test(raw) ? Number(raw) : null;
}

/** The `cat` parameter: valid slugs, unique and sorted; empty means every category. */
export function parseCategoryParam(raw: string | null): string[] {
  if (!raw) return [];
  const slugs = raw
    .split(',')
    .map((slug) => slug.trim())
    .filter((slug) => SLUG.test(slug));
  return [...new Set(slugs)].sort().slice(0, MAX_CATEGORIES);
}

/**
 * A search text as the API takes it: trimmed, at most {@link MAX_SEARCH_LENGTH} characters, holding
 * a letter or a digit (punctuation alone finds nothing); `undefined` when there is no such text.
 */
export function parseSearchText(raw: string | null | undefined): string | undefined {
  const text = raw?.trim().slice(0, MAX_SEARCH_LENGTH).trim();
  return text && LETTER_OR_DIGIT.test(text) ? text : undefined;
}

/** `open=now`: only places open now (the home page and Near me alike). */
export const OPEN_NOW_PARAM = 'open=now';

export function parseOpenNowParam(params: URLSearchParams): boolean {
  return params.get('open') === 'now';
}

/** Reads a view from a query string; every missing or invalid part falls back to its default. */
export function parseViewState(search: string | URLSearchParams, defaults: ViewDefaults): ViewState {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  return {
    center: parseLatLngParams(params) ?? { ...defaults.center },
    zoom: parseZoom(params.get('z'), defaults),
    placeId: parsePlaceId(params.get('place')),
    categories: parseCategoryParam(params.get('cat')),
    search: parseSearchText(params.get('q')),
    ...(parseOpenNowParam(params) ? { openNow: true } : {}),
    ...parseFiltersOf(params),
  };
}

/** `{ filters }` when the URL has field filters, else nothing (a view without them has no such key). */
export function parseFiltersOf(params: URLSearchParams): { filters?: FieldFilterParam[] } {
  const filters = parseFieldFilterParams(params);
  return filters.length > 0 ? { filters } : {};
}

/** Rounds a coordinate for the URL and writes it without trailing zeros: 16.00000 → "16". */
export function formatCoordinate(value: number): string {
  const factor = 10 ** COORDINATE_DECIMALS;
  const rounded = Math.round(value * factor) / factor;
  return String(Object.is(rounded, -0) ? 0 : rounded);
}

/**
 * Writes a view as a query string without the `?`. Commas in `cat` stay literal (URLSearchParams
 * would escape them), so links stay readable.
 */
export function serializeViewState(state: ViewState): string {
  const parts = [
    `lat=${formatCoordinate(state.center.lat)}`,
    `lng=${formatCoordinate(state.center.lng)}`,
    `z=${Math.round(state.zoom)}`,
  ];
  if (state.placeId !== null) parts.push(`place=${state.placeId}`);
  if (state.categories.length > 0) parts.push(serializeCategoryParam(state.categories));
  const search = parseSearchText(state.search);
  if (search !== undefined) parts.push(`q=${encodeURIComponent(search)}`);
  if (state.openNow) parts.push(OPEN_NOW_PARAM);
  parts.push(...serializeFieldFilterParams(state.filters ?? []));
  return parts.join('&');
}

/** `cat=a,b`: commas stay literal (URLSearchParams would escape them), so links stay readable. */
export function serializeCategoryParam(categories: readonly string[]): string {
  return `cat=${[...new Set(categories)].sort().map(encodeURIComponent).join(',')}`;
}

/** The absolute link that reopens a view, e.g. for Copy link. */
export function viewStateLink(origin: string, state: ViewState): string {
  return `${origin.replace(/\/$/, '')}/?${serializeViewState(state)}`;
}

/** Whether two views show the same thing once written to a URL (so no history entry is needed). */
export function sameViewInUrl(a: ViewState, b: ViewState): boolean {
  return serializeViewState(a) === serializeViewState(b);
}

/** Whether `center` at `zoom` is the view's own, give or take a pixel (256-px tiles). */
export function isSameSpot(view: ViewState, center: LatLng, zoom: number): boolean {
  if (zoom !== view.zoom) return false;
  const degreesPerPixel = 360 / (256 * 2 ** zoom);
  return (
    Math.abs(center.lat - view.center.lat) < degreesPerPixel &&
    Math.abs(center.lng - view.center.lng) < degreesPerPixel
  );
}
