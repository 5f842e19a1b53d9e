/**
 * Cluster look and rules shared by the server and every engine, after MarkerClustererPlus:
 * a grid of 60 screen pixels, groups of at least 2, and five icon tiers.
 */

/** Points within this many screen pixels (on 256-px tiles) of a cluster join it. */
export const CLUSTER_GRID_SIZE_PX = 60;

/** A group smaller than this shows its markers instead of a cluster. */
export const MIN_CLUSTER_SIZE = 2;

/** Icon diameter in px for tiers 1–5. */
export const CLUSTER_ICON_SIZES = [53, 56, 66, 78, 90] as const;

/** Background for tiers 1–5: each a deeper blue (white text passes WCAG AA on all). */
export const CLUSTER_COLORS = ['#2563eb', '#1d4ed8', '#1e40af', '#1e3a8a', '#172554'] as const;

/** The icon tier: the number of digits of the count, capped at 5 (2–9 → 1, 10–99 → 2, …, ≥10 000 → 5). */
export function clusterTier(count: number): number {
  if (!Number.isFinite(count) || count < 1) return 1;
  return Math.min(5, String(Math.floor(count)).length);
}

/** Icon diameter for a count. */
export function clusterIconSize(count: number): number {
  return CLUSTER_ICON_SIZES[clusterTier(count) - 1] as number;
}
