import type { ClusterIndexScope, ClusterQuery, ClusterResult } from '@karta/map-core/clustering';

/**
 * Messages between the main thread and the map-index worker. Places arrive as JSON text pages
 * straight from the database (see load-places.ts), so the main thread never builds a million
 * objects; the worker parses them and builds the index.
 */
export type MapIndexRequest =
  | { type: 'page'; json: string }
  | { type: 'build'; id: number; maxZoom: number; scope: ClusterIndexScope }
  | { type: 'query'; id: number; query: ClusterQuery };

export type MapIndexResponse =
  | { type: 'built'; id: number; size: number; parseMs: number; buildMs: number }
  | { type: 'result'; id: number; result: ClusterResult }
  | { type: 'error'; id: number; message: string };

/** A place row as the loader packs it: [id, lat, lng, category, name, primaryLanguage, radius, privacy]. */
export type PackedPlace = [
  number,
  number,
  number,
  string,
  Record<string, string>,
  string,
  number | null,
  string,
];
