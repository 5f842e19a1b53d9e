import type { Place } from '@karta/contracts';
import type { ClusterItem, Viewport } from '@karta/map-core';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearch } from 'wouter';
import { useToast } from '../../components/toast/toast-context.ts';
import { useRuntimeConfig } from '../../config/runtime-config.ts';
import { useMapData } from '../../features/map/api/get-map-data.ts';
import { MapCanvas } from '../../features/map/components/map-canvas/map-canvas.tsx';
import type { MapHandle } from '../../features/map/components/map-canvas/map-canvas-types.ts';
import { MapErrorBanner } from '../../features/map/components/map-error-banner.tsx';
import { useMapEngineProps } from '../../features/map/hooks/use-map-engine-props.ts';
import { padBounds } from '../../features/map/utils/bounds.ts';
import type { CategoryView } from '../../lib/categories/use-category-looks.ts';
import { errorMessageKey } from '../../lib/error-message.ts';
import { placeQueryKey, usePlace } from '../../lib/places/get-place.ts';
import { usePlacesInBox, usePlacesMatching } from '../../lib/places/list-places.ts';
import { type ViewDefaults, type ViewState, viewStateLink } from '../../lib/view-url.ts';
import { fieldFiltersKey } from '../../lib/view-url-filters.ts';
import { MapUpdatingHint } from './map-updating-hint.tsx';
import { searchResultsBounds } from './search-results-layer.ts';
import { useMapLayersData } from './use-map-layers-data.ts';
import { usePlacesInfoWindow } from './use-places-info-window.tsx';

/** The deployment's default view and zoom limits, for reading a view from a URL. */
export function useViewDefaults(): ViewDefaults {
  const config = useRuntimeConfig();
  return useMemo(
    () => ({
      center: config.defaultCenter,
      zoom: config.defaultZoom,
      minZoom: config.minZoom,
      maxZoom: config.maxZoom,
    }),
    [config],
  );
}

interface PlacesMapInputs {
  /** The view in the URL, and how to change it (see `useViewUrlState`). */
  view: ViewState;
  moveTo(center: { lat: number; lng: number }, zoom: number): void;
  selectPlace(placeId: number | null): void;
  clearMissingPlace(): void;
  lookOf(slug: string): CategoryView;
  /** Details in the info window opens a new tab (the embed). */
  detailsInNewTab?: boolean;
  /** Drawn over the map besides the data error and the updating hint (the embed's link). */
  overlay?: ReactNode;
  /** The map's size (the home page's 100% × 400 px when absent). */
  className?: string;
  /** The map keeps to the area it opens on (an embed's fixed area). */
  keepToStartArea?: boolean;
}

/** What identifies a search's result set: a new one is fitted into view. */
function searchKey(view: ViewState): string | null {
  return view.search === undefined
    ? null
    : `${view.search}\n${view.categories.join(',')}\n${view.openNow}\n${fieldFiltersKey(view.filters)}`;
}

/**
 * The published places on a map, as the home page and the embed show them: server clusters for the
 * viewport and the category filter, markers, circles, a selected place's info window, a cluster's
 * list at the highest zoom; the view and the selection live in the URL. With a search (`q`) the map
 * shows every match instead (the server clusters them alike), and frames a new search's matches.
 * Returns the map element (with its info window portal), the search's results and what a page needs
 * to steer it.
 */
export function usePlacesMap({
  view,
  moveTo,
  selectPlace,
  clearMissingPlace,
  lookOf,
  detailsInNewTab = false,
  overlay,
  className,
  keepToStartArea,
}: PlacesMapInputs) {
  const { t, i18n } = useTranslation();
  const config = useRuntimeConfig();
  const engineProps = useMapEngineProps();
  const queryClient = useQueryClient();
  const showToast = useToast();
  const handle = useRef<MapHandle>(null);
  const [viewport, setViewport] = useState<Viewport | null>(null);
  const [clusterWindow, setClusterWindow] = useState<ClusterItem | null>(null);

  const searching = view.search !== undefined;
  // Equal matches go nearest the deployment's centre first: the same order for every link, reload
  // and embed of the search, wherever each map happens to be.
  const matching = usePlacesMatching(
    view.search === undefined
      ? null
      : {
          text: view.search,
          categories: view.categories,
          openNow: view.openNow,
          filters: view.filters,
          origin: config.defaultCenter,
        },
  );
  // With a search the map shows every match (not only the list's pages), clustered by the
  // server alike, so it draws as many places as the list says match.
  const mapData = useMapData(
    viewport
      ? {
          bounds: viewport.bounds,
          zoom: viewport.zoom,
          categories: view.categories,
          openNow: view.openNow,
          filters: view.filters,
          language: i18n.language,
          search: view.search,
        }
      : null,
  );

  // A new search (typed here, or arriving with only `q` from another page) frames all its matches;
  // a link that names a position too (shared, reloaded) keeps the view it names.
  const urlSearch = useSearch();
  const fitted = useRef<string | null | undefined>(undefined);
  if (fitted.current === undefined) {
    fitted.current = new URLSearchParams(urlSearch).has('lat') ? searchKey(view) : null;
  }
  const currentSearch = searchKey(view);
  const matchesBox = mapData.isPlaceholderData ? undefined : mapData.data?.matches?.bounds;
  useEffect(() => {
    if (currentSearch === null || !matchesBox || fitted.current === currentSearch) return;
    fitted.current = currentSearch;
    handle.current?.fitBounds(searchResultsBounds(matchesBox));
  }, [currentSearch, matchesBox]);
  const selected = usePlace(view.placeId);
  // At the highest zoom a cluster lists its places (a search's: its matches there).
  const clusterList = usePlacesInBox(clusterWindow ? padBounds(clusterWindow.bounds) : null, view);

  const zoom = viewport?.zoom ?? view.zoom;
  const layers = useMapLayersData({
    data: mapData.data,
    selectedId: view.placeId,
    selectedPlace: selected.data,
    zoom,
    maxZoom: config.maxZoom,
    lookOf,
  });

  // A link to a place that no longer exists: say so, and drop it from the URL.
  const missingPlace = view.placeId !== null && selected.isError ? selected.error : null;
  useEffect(() => {
    if (!missingPlace) return;
    showToast(t(errorMessageKey(missingPlace)));
    clearMissingPlace();
  }, [missingPlace, showToast, t, clearMissingPlace]);

  /** Selects a place whose details are already at hand (from a list), closing a cluster's list. */
  function choosePlace(place: Place) {
    queryClient.setQueryData(placeQueryKey(place.id), place);
    setClusterWindow(null);
    selectPlace(place.id);
  }

  /** The view on screen: the URL's, once the map reported where it is. */
  const shownView: ViewState = {
    ...view,
    ...(viewport ? { center: viewport.center, zoom: viewport.zoom } : {}),
  };
  // Copy link always gives the full site's view, also from the embed.
  const shareLink = viewStateLink(window.location.origin, shownView);
  const infoWindow = usePlacesInfoWindow({
    selectedId: view.placeId,
    selectedPlace: selected.data,
    cluster: clusterWindow,
    clusterPlaces: clusterList.data?.items,
    clusterError: clusterList.error,
    lookOf,
    shareLink,
    detailsInNewTab,
    onSelectFromCluster: choosePlace,
  });

  const element = (
    <>
      <MapCanvas
        {...engineProps}
        ref={handle}
        className={className}
        keepToStartArea={keepToStartArea}
        center={view.center}
        zoom={view.zoom}
        label={t('map.label')}
        clusters={layers.clusters}
        markers={layers.markers}
        circles={layers.circles}
        labels={layers.labels}
        infoWindow={infoWindow.request}
        onViewportChange={(next) => {
          setViewport(next);
          moveTo(next.center, next.zoom);
        }}
        onClusterClick={(cluster) => {
          if (Math.round(zoom) < config.maxZoom) handle.current?.fitBounds(cluster.bounds);
          else setClusterWindow(cluster);
        }}
        onMarkerClick={(id) => {
          setClusterWindow(null);
          selectPlace(id);
        }}
        onInfoWindowClose={() => {
          setClusterWindow(null);
          if (view.placeId !== null) selectPlace(null);
        }}
      >
        {mapData.isError ? (
          <MapErrorBanner
            message={t(searching ? 'places.search.failed' : 'map.dataFailed')}
            detail={t(errorMessageKey(mapData.error))}
            onRetry={() => void mapData.refetch()}
          />
        ) : (
          mapData.isFetching && <MapUpdatingHint />
        )}
        {overlay}
      </MapCanvas>
      {infoWindow.portal}
    </>
  );

  return {
    element,
    handle,
    viewport,
    shownView,
    /** The places matching the search (`q`), page by page; idle without one. */
    matching,
    choosePlace,
    closeClusterWindow: () => setClusterWindow(null),
  };
}
