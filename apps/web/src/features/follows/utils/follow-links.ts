import type { Follow, FollowFrequency, FollowInput } from '@karta/contracts';
import { serializeViewState } from '../../../lib/view-url.ts';
import { DEFAULT_NEAR_RADIUS, serializeNearState } from '../../near/utils/near-url.ts';
import type { FollowTarget } from './follow-target.ts';

type Bounds = NonNullable<Follow['bbox']>;

/** The request that follows `target` from `email`, with the e-mails in `language`. */
export function followInput(
  target: FollowTarget,
  email: string,
  frequency: FollowFrequency,
  language: string,
): FollowInput {
  const where = target.kind === 'area' ? { bbox: target.bbox } : { point: target.point };
  // No categories is every category: the API takes a list of at least one, or none.
  const categories = target.categories.length > 0 ? { categories: [...target.categories] } : {};
  return { email, ...where, ...categories, frequency, language };
}

/** Degrees of longitude a box spans, across the antimeridian too (`west > east`). */
function widthOf(box: Bounds): number {
  return box.east >= box.west ? box.east - box.west : box.east + 360 - box.west;
}

/** A whole zoom that shows the whole box on a screen, as the follow's e-mails open the map. */
function zoomForBox(box: Bounds): number {
  const height = Math.max(box.north - box.south, 1e-6);
  return Math.max(2, Math.min(18, Math.floor(Math.log2(360 / Math.max(widthOf(box), height * 1.5, 1e-6)))));
}

/**
 * The page that shows what a follow watches: the map over its box with its categories, or for a
 * spot "Near me" at the point with the places that serve it.
 */
export function followMapHref(follow: Pick<Follow, 'bbox' | 'point' | 'categories'>): string {
  const categories = follow.categories ?? [];
  if (follow.point) {
    const near = { point: follow.point, radius: DEFAULT_NEAR_RADIUS, tab: 'covers' as const, categories };
    return `/near?${serializeNearState(near)}`;
  }
  const box = follow.bbox ?? { west: -180, south: -85, east: 180, north: 85 };
  const lng = ((((box.west + widthOf(box) / 2 + 180) % 360) + 360) % 360) - 180;
  const center = { lat: (box.south + box.north) / 2, lng };
  return `/?${serializeViewState({ center, zoom: zoomForBox(box), placeId: null, categories })}`;
}
