import type { Place } from '@karta/contracts';
import type { ClusterItem } from '@karta/map-core';
import { type ReactNode, useMemo, useState } from 'react';
import { createPortal } from 'react-dom';
import type { InfoWindowRequest } from '../../features/map/components/map-canvas/map-canvas-types.ts';
import { PlaceInfoPhoto } from '../../features/photos/components/place-info-photo.tsx';
import { ClusterPlacesCard } from '../../features/places/components/cluster-places-card.tsx';
import { PlaceInfoCard } from '../../features/places/components/place-info-card.tsx';
import type { CategoryView } from '../../lib/categories/use-category-looks.ts';

interface PlacesInfoWindowInputs {
  selectedId: number | null;
  selectedPlace: Place | undefined;
  /** A cluster at the highest zoom whose places are listed, if any (it wins over a selection). */
  cluster: ClusterItem | null;
  clusterPlaces: readonly Place[] | undefined;
  clusterError: unknown;
  lookOf(slug: string): CategoryView;
  shareLink: string;
  /** Details opens the place page in a new tab (the embed: never navigate inside someone's frame). */
  detailsInNewTab?: boolean;
  onSelectFromCluster(place: Place): void;
}

/**
 * The info window's React content, rendered through a portal into one detached element that the
 * map adapter shows. A window is only requested once its content is ready, so the engine measures
 * the real size when it opens.
 */
export function usePlacesInfoWindow(inputs: PlacesInfoWindowInputs): {
  request: InfoWindowRequest | null;
  portal: ReactNode;
} {
  const { selectedId, selectedPlace, cluster, clusterPlaces, clusterError, lookOf, shareLink } = inputs;
  const [element] = useState(() => {
    const div = document.createElement('div');
    div.className = 'karta-info-window';
    return div;
  });

  let content: ReactNode = null;
  let key: string | null = null;
  let position: { lat: number; lng: number } | null = null;

  if (cluster) {
    content = (
      <ClusterPlacesCard
        count={cluster.count}
        places={clusterPlaces}
        error={clusterError}
        categoryOf={lookOf}
        onSelect={inputs.onSelectFromCluster}
      />
    );
    if (clusterPlaces || clusterError) {
      key = `cluster-${cluster.id}-${cluster.lat}-${cluster.lng}`;
      position = { lat: cluster.lat, lng: cluster.lng };
    }
  } else if (selectedId !== null && selectedPlace?.id === selectedId) {
    content = (
      <PlaceInfoCard
        place={selectedPlace}
        category={lookOf(selectedPlace.category)}
        shareLink={shareLink}
        detailsInNewTab={inputs.detailsInNewTab}
        renderPhoto={(name) => <PlaceInfoPhoto placeId={selectedPlace.id} placeName={name} />}
      />
    );
    key = `place-${selectedPlace.id}`;
    position = { lat: selectedPlace.lat, lng: selectedPlace.lng };
  }

  const lat = position?.lat;
  const lng = position?.lng;
  const request = useMemo<InfoWindowRequest | null>(
    () =>
      key !== null && lat !== undefined && lng !== undefined
        ? { key, position: { lat, lng }, content: element }
        : null,
    [key, lat, lng, element],
  );

  return { request, portal: content ? createPortal(content, element) : null };
}
