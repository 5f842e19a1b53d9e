import type { Bounds, LatLng } from '@karta/contracts/wire';

/**
 * What a follow watches, as the map offers it: the box in view (places added, changed or archived
 * in it) or a point (places that start or stop serving it), in the chosen categories (all: none).
 */
export type FollowTarget =
  /** `near`: the area in words, the places nearest its centre (what the dialog shows the reader). */
  | { kind: 'area'; bbox: Bounds; categories: readonly string[]; near?: readonly string[] }
  | { kind: 'spot'; point: LatLng; categories: readonly string[] };
