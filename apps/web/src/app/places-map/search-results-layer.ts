import type { Bounds } from '@karta/map-core';
import { padBounds } from '../../features/map/utils/bounds.ts';

/**
 * The box to fit a search's matches in (`matches`, the box around them all), with room around
 * them: at least about 300 m on each side, so one result (or a few on one street) shows with its
 * streets rather than at the highest zoom.
 */
export function searchResultsBounds(matches: Bounds): Bounds {
  return padBounds(matches, 0.05, 0.003);
}
