import type { FieldFilterParam } from '@karta/contracts';
import type { LatLng } from '@karta/map-core';
import { fieldFilterParams, roundCoordinate, usePlacePages } from '../../../lib/places/list-places.ts';

/**
 * What the screen asks: places within `radius` of a point, or places whose own circle covers it;
 * in the given categories (none: every category), only those open now when asked, and only those
 * whose fields hold the filters' values.
 */
export type NearSearch = (
  | { kind: 'near'; point: LatLng; radius: number }
  | { kind: 'covers'; point: LatLng }
) & { categories: readonly string[]; openNow?: boolean; filters?: readonly FieldFilterParam[] };

/**
 * The places of a search (`near` + `radius`, or `covers`), nearest first with their distance, page
 * by page. Nothing is asked without a point. While a new search of the same kind loads (another
 * point, another radius), the previous answer stays, dimmed by the page; the other tab's answer
 * never stands in for this one's.
 */
export function useNearPlaces(search: NearSearch | null) {
  const point = search && { lat: roundCoordinate(search.point.lat), lng: roundCoordinate(search.point.lng) };
  const category = search ? [...search.categories] : [];
  const open = { ...(search?.openNow ? { openNow: true } : {}), ...fieldFilterParams(search?.filters) };
  return usePlacePages(
    search && point
      ? search.kind === 'near'
        ? { near: point, radius: search.radius, category, ...open }
        : { covers: point, category, ...open }
      : null,
    (previous) => (previous.covers !== undefined) === (search?.kind === 'covers'),
  );
}
