export { ClusterIndex } from './cluster-index.ts';
export { resolveName } from './resolve-name.ts';
export type {
  ClusterIndexOptions,
  ClusterIndexScope,
  ClusterQuery,
  ClusterResult,
  IndexedPlace,
  LocationPrivacy,
  ResultCluster,
  ResultPlace,
} from './types.ts';
