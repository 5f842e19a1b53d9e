import type { MapResponse, Place } from '@karta/contracts';
import { useEffect, useMemo, useState } from 'react';
import { useRuntimeConfig } from '../../config/runtime-config.ts';
import type { ClusterView, ResultClusters } from '../../features/map/utils/result-clusters.ts';
import { mapPlaceOf } from '../../features/places/utils/place-text.ts';
import { reportError } from '../../lib/sentry/report-error.ts';

/** The clustering code (a chunk of its own, with the index), once asked for; or that it failed to load. */
type Clustering = typeof import('../../features/map/utils/result-clusters.ts') | 'unavailable';

/** Every result a marker of its own: better than no results on the map when the code will not load. */
function unclustered(places: readonly Place[]): ResultClusters {
  return {
    answer: (_view, language) => ({
      clusters: [],
      places: places.map((place) => mapPlaceOf(place, language)),
    }),
  };
}

/**
 * A result set (a search's matches, Near me's places) as the map's answer for `view`: clustered by
 * the server's rules, as `GET /api/v1/map` answers for the whole map. The clustering code loads the
 * first time there are results; until then (a moment) there is no answer. The index is built once
 * per result set, and each new view only asks it again.
 */
export function useResultClusters(
  places: readonly Place[] | undefined,
  view: ClusterView | null,
  language: string,
): MapResponse | undefined {
  const { maxZoom } = useRuntimeConfig();
  const [clustering, setClustering] = useState<Clustering | null>(null);
  const wanted = places !== undefined && places.length > 0;

  useEffect(() => {
    if (!wanted || clustering !== null) return;
    let mounted = true;
    // Only ever imported here, on demand: the clustering index stays out of the first view's JS.
    import('../../features/map/utils/result-clusters.ts').then(
      (code) => {
        if (mounted) setClustering(code);
      },
      (error: unknown) => {
        reportError(error, { loading: 'cluster index' });
        if (mounted) setClustering('unavailable');
      },
    );
    return () => {
      mounted = false;
    };
  }, [wanted, clustering]);

  const clustered = useMemo(() => {
    if (!places || clustering === null) return null;
    return clustering === 'unavailable' ? unclustered(places) : clustering.clusterResults(places, maxZoom);
  }, [places, clustering, maxZoom]);

  return useMemo(
    () => (clustered && view ? clustered.answer(view, language) : undefined),
    [clustered, view, language],
  );
}
