export { ClusterIndex, type ClusterIndexBuild } from './cluster-index.ts';
export { MAX_CACHED_FILTERS } from './filtered-layers.ts';
export type { IndexChange, IndexChanges, IndexImage } from './index-journal.ts';
export { type IndexedFields, indexedPlaceOf } from './indexed-place-of.ts';
export { MAX_MAP_FEATURES, MAX_QUERY_AREA_PX, MAX_QUERY_SIDE_PX } from './limits.ts';
export type { DistanceOf, NearHit } from './nearest.ts';
export type { RankedHit, RankedQuery, RankedSlots } from './ranked-page.ts';
export { resolveName } from './resolve-name.ts';
export type {
  ClusterIndexOptions,
  ClusterIndexScope,
  ClusterQuery,
  ClusterResult,
  CountQuery,
  IndexedPlace,
  LocationPrivacy,
  MatchSelection,
  NearestQuery,
  PlaceValue,
  ResultCluster,
  ResultPlace,
  ValueFilter,
} from './types.ts';
export { matchesFilters } from './value-filters.ts';
