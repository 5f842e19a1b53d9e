import { describe, expect, it } from 'vitest';
import { CLUSTER_COLORS, CLUSTER_ICON_SIZES, clusterIconSize, clusterTier } from './cluster-style.ts';

describe('clusterTier', () => {
  it.each([
    [1, 1],
    [2, 1],
    [9, 1],
    [10, 2],
    [99, 2],
    [100, 3],
    [999, 3],
    [1000, 4],
    [9999, 4],
    [10000, 5],
    [123456, 5],
  ])('a count of %i is tier %i', (count, tier) => {
    expect(clusterTier(count)).toBe(tier);
  });
});

describe('clusterIconSize', () => {
  it.each([
    [2, 53],
    [10, 56],
    [100, 66],
    [1000, 78],
    [10000, 90],
    [1_000_000, 90],
  ])('a count of %i is drawn at %i px', (count, size) => {
    expect(clusterIconSize(count)).toBe(size);
  });

  it('has five sizes and five colours, growing and each a different blue', () => {
    expect(CLUSTER_ICON_SIZES).toEqual([53, 56, 66, 78, 90]);
    expect(CLUSTER_COLORS).toHaveLength(5);
    expect(new Set(CLUSTER_COLORS).size).toBe(5);
  });
});
