import type { Place } from '@karta/contracts';
import type { ClusterItem } from '@karta/map-core';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { createPortal } from 'react-dom';
import type { InfoWindowRequest } from '../../features/map/components/map-canvas/map-canvas-types.ts';
import { whenIdleAfterFirstView } from '../../lib/after-first-view.ts';
import type { CategoryView } from '../../lib/categories/use-category-looks.ts';

type Cards = typeof import('./info-window-cards.ts');

/** The cards' chunk, once it has arrived: every map of the page shares it. */
let loadedCards: Cards | undefined;
const loadCards = () =>
  import('./info-window-cards.ts').then((cards) => {
    loadedCards = cards;
    return cards;
  });

/**
 * The info window's cards: a chunk of their own, off the home page's first view. It arrives when
 * the page is idle after its first view, or at once when a window is wanted before then (a place
 * chosen in a link, a click straight away); a failed download is tried again on the next wish.
 */
function useInfoWindowCards(wanted: boolean): Cards | undefined {
  const [cards, setCards] = useState(loadedCards);
  useEffect(() => {
    if (cards) return;
    let live = true;
    const load = () =>
      loadCards().then(
        (loaded) => live && setCards(loaded),
        () => {},
      );
    if (wanted) void load();
    const cancel = whenIdleAfterFirstView(() => void load());
    return () => {
      live = false;
      cancel();
    };
  }, [cards, wanted]);
  return cards;
}

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
 * the real size when it opens: its data, and the cards' code (useInfoWindowCards).
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

  const cards = useInfoWindowCards(cluster !== null || selectedId !== null);

  let content: ReactNode = null;
  let key: string | null = null;
  let position: { lat: number; lng: number } | null = null;

  // Nothing is shown until the cards' code is here: the window opens with them.
  if (cards && cluster) {
    const { ClusterPlacesCard } = cards;
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
  } else if (cards && selectedId !== null && selectedPlace?.id === selectedId) {
    const { PlaceInfoCard, PlaceInfoPhoto } = cards;
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
