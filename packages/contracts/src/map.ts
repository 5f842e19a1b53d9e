import { z } from 'zod';
import { FieldFiltersQuery } from './field-filters.ts';
import { SearchText } from './places.ts';
import { Bounds, LanguageCode, Latitude, LocationPrivacy, Longitude, PlaceId, Slug } from './primitives.ts';
import { BboxParam, BooleanParam, intParam, LatLngParam, SlugListParam } from './query-params.ts';

/** `GET /api/v1/map`: the clusters and single places of a viewport. */
export const MapQuery = z.object({
  bbox: BboxParam,
  zoom: intParam(0, 22),
  category: SlugListParam.optional(),
  /** Language in which single places' names are given (falls back to the place's first language). */
  lang: LanguageCode.optional(),
  /** `true`: only places open now (clusters and counts of those alone). */
  openNow: BooleanParam.optional(),
  /**
   * Only the places a search finds, as the list's `q` does: every match, clustered alike; the
   * answer then says how many and where (`matches`). (While the server's index builds, up to
   * LIST_COUNT_BOUND of them.)
   */
  q: SearchText.optional(),
  /** `lat,lng` with `radius` (metres, 1–50 000): only the places within the circle, as the list's `near`. */
  near: LatLngParam.optional(),
  radius: intParam(1, 50_000).optional(),
  /** `lat,lng`: only the places whose own radius covers this point, as the list's `covers`. */
  covers: LatLngParam.optional(),
  f: FieldFiltersQuery,
});
export type MapQuery = z.output<typeof MapQuery>;

export const MapCluster = z.object({
  /** Stable within one response; not meant to be stored. */
  id: z.string(),
  lat: Latitude,
  lng: Longitude,
  count: z.number().int().min(2),
  /** Number of digits of the count, capped at 5. */
  tier: z.number().int().min(1).max(5),
  /** The box around every place in the cluster: clicking the cluster zooms to it. */
  bounds: Bounds,
});
export type MapCluster = z.infer<typeof MapCluster>;

export const MapPlace = z.object({
  id: PlaceId,
  lat: Latitude,
  lng: Longitude,
  /** Category slug. */
  category: Slug,
  name: z.string(),
  /** Metres, or null when the place has no radius. */
  radius: z.number().positive().nullable(),
  /** Anything but `exact` means the position is coarsened: draw an area, not a pin. */
  locationPrivacy: LocationPrivacy,
  /** Not confirmed for the site's STALE_AFTER_DAYS: drawn as possibly out of date. */
  stale: z.boolean(),
});
export type MapPlace = z.infer<typeof MapPlace>;

export const MapResponse = z.object({
  clusters: z.array(MapCluster),
  places: z.array(MapPlace),
  /**
   * With `q`, `near` or `covers`: how many places matched (all of them are on the map; up to
   * LIST_COUNT_BOUND while the index builds) and the box around them all (null when none did),
   * to frame them.
   */
  matches: z.object({ total: z.number().int().min(0), bounds: Bounds.nullable() }).optional(),
});
export type MapResponse = z.infer<typeof MapResponse>;
