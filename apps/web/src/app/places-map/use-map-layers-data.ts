import type { MapResponse, Place } from '@karta/contracts';
import type { MapLabels } from '@karta/map-core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { buildCircles } from '../../features/map/utils/build-circles.ts';
import { buildMarkers } from '../../features/map/utils/build-markers.ts';
import { clusterLabel } from '../../features/map/utils/cluster-label.ts';
import type { CategoryView } from '../../lib/categories/use-category-looks.ts';

const NO_CLUSTERS: MapResponse['clusters'] = [];

interface LayerInputs {
  data: MapResponse | undefined;
  selectedId: number | null;
  selectedPlace: Place | undefined;
  zoom: number;
  maxZoom: number;
  lookOf(slug: string): CategoryView;
}

/** Turns the map answer, the selection and the categories into what the adapter draws, in the UI language. */
export function useMapLayersData({ data, selectedId, selectedPlace, zoom, maxZoom, lookOf }: LayerInputs) {
  const { t } = useTranslation();

  const markers = useMemo(
    () =>
      buildMarkers(data?.places ?? [], selectedId, lookOf, (name, category, stale) =>
        t(stale ? 'map.markerLabelStale' : 'map.markerLabel', { name, category }),
      ),
    [data, selectedId, lookOf, t],
  );

  const selected = selectedPlace && selectedPlace.id === selectedId ? selectedPlace : undefined;
  const circles = useMemo(
    () =>
      buildCircles({
        places: data?.places ?? [],
        selected: selected
          ? {
              id: selected.id,
              lat: selected.lat,
              lng: selected.lng,
              radius: selected.radius,
              locationPrivacy: selected.locationPrivacy,
              color: lookOf(selected.category).color,
            }
          : null,
        zoom,
        colorOf: (slug) => lookOf(slug).color,
      }),
    [data, selected, zoom, lookOf],
  );

  const atMaxZoom = Math.round(zoom) >= maxZoom;
  const labels = useMemo<MapLabels>(
    () => ({
      cluster: (count) => clusterLabel(t, count, atMaxZoom),
      closeInfoWindow: t('map.closeInfoWindow'),
    }),
    [t, atMaxZoom],
  );

  return { clusters: data?.clusters ?? NO_CLUSTERS, markers, circles, labels };
}
