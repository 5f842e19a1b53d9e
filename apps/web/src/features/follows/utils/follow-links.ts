import type { Follow, FollowFrequency, FollowInput } from '@karta/contracts';
import { boxViewHref } from '../../../lib/box-view-href.ts';
import { DEFAULT_NEAR_RADIUS, serializeNearState } from '../../../lib/near-url.ts';
import type { FollowTarget } from './follow-target.ts';

/** The request that follows `target` from `email`, with the e-mails in `language`. */
export function followInput(
  target: FollowTarget,
  email: string,
  frequency: FollowFrequency,
  language: string,
  alerts = false,
): FollowInput {
  const where = target.kind === 'area' ? { bbox: target.bbox } : { point: target.point };
  // No categories is every category: the API takes a list of at least one, or none.
  const categories = target.categories.length > 0 ? { categories: [...target.categories] } : {};
  return { email, ...where, ...categories, frequency, language, ...(alerts ? { alerts } : {}) };
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
  return boxViewHref(follow.bbox ?? { west: -180, south: -85, east: 180, north: 85 }, categories);
}
