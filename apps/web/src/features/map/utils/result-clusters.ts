/**
 * The server's clustering for a result set in the browser. Import this module only with `import()`
 * (see useResultClusters): it brings the clustering index, which has no place in the first view's
 * JS (the home page's budget).
 */
import type { MapResponse, Place } from '@karta/contracts';
import { type Bounds, normalizeBounds } from '@karta/map-core';
import { ClusterIndex } from '@karta/map-core/clustering';
import { indexedPlaceOf, markingStaleness } from './indexed-places.ts';

/** The view to cluster for, as the map reports it. */
export interface ClusterView {
  bounds: Bounds;
  zoom: number;
}

/** A result set clustered by the server's rules: one index, asked once per view. */
export interface ResultClusters {
  /** The clusters and single places of `view`, as `GET /api/v1/map` answers, names in `language`. */
  answer(view: ClusterView, language: string): MapResponse;
}

/**
 * Clusters a result set (a search's matches, Near me's places) exactly as the server clusters the
 * map (60-px grid, clusters of 2 or more, five tiers), for the results alone. The index is built
 * once here; each view is then one cheap query.
 */
export function clusterResults(places: readonly Place[], maxZoom: number): ResultClusters {
  const index = ClusterIndex.build(
    places.map((place) => indexedPlaceOf(place)),
    // Results are already filtered: only the unfiltered half of the index is ever asked.
    { maxZoom, scope: 'all' },
  );
  const asMapAnswer = markingStaleness(places);
  return {
    answer({ bounds, zoom }, language) {
      // Asked as the map asks the server (getMapData): a normalised box and a whole zoom.
      return asMapAnswer(
        index.query({ bbox: normalizeBounds(bounds), zoom: Math.round(zoom), lang: language }),
      );
    },
  };
}
