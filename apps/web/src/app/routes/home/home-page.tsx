import type { Place, PlaceListItem } from '@karta/contracts';
import type { ClusterItem, Viewport } from '@karta/map-core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/toast/toast-context.ts';
import { SkipLink } from '../../../components/ui/skip-link.tsx';
import { useRuntimeConfig } from '../../../config/runtime-config.ts';
import { useCategoryLooks } from '../../../features/categories/hooks/use-category-looks.ts';
import { useMapData } from '../../../features/map/api/get-map-data.ts';
import { MapCanvas } from '../../../features/map/components/map-canvas/map-canvas.tsx';
import type { MapHandle } from '../../../features/map/components/map-canvas/map-canvas-types.ts';
import { MapErrorBanner } from '../../../features/map/components/map-error-banner.tsx';
import { boundsContain, padBounds } from '../../../features/map/utils/bounds.ts';
import { placeQueryKey, usePlace } from '../../../features/places/api/get-place.ts';
import { usePlacesInBox, usePlacesInView } from '../../../features/places/api/list-places.ts';
import { errorMessageKey } from '../../../lib/error-message.ts';
import { viewStateLink } from '../../../lib/view-url.ts';
import { MapUpdatingHint } from './map-updating-hint.tsx';
import { PlacesPanel } from './places-panel.tsx';
import { ProposeEntry } from './propose-entry.tsx';
import { useHomeInfoWindow } from './use-home-info-window.tsx';
import { useMapLayersData } from './use-map-layers-data.ts';
import { useViewUrlState } from './use-view-url-state.ts';

/** Drops the list-only `distance`, so a list entry can seed the place cache. */
function withoutDistance({ distance: _distance, ...place }: PlaceListItem): Place {
  return place;
}

/** Home: the map, and under it the category filter and the places in view, kept in step both ways. */
export function HomePage() {
  const { t, i18n } = useTranslation();
  const config = useRuntimeConfig();
  const queryClient = useQueryClient();
  const showToast = useToast();
  const mapHandle = useRef<MapHandle>(null);
  const mapSection = useRef<HTMLDivElement>(null);

  const defaults = useMemo(
    () => ({
      center: config.defaultCenter,
      zoom: config.defaultZoom,
      minZoom: config.minZoom,
      maxZoom: config.maxZoom,
    }),
    [config],
  );
  const { view, moveTo, selectPlace, clearMissingPlace, setCategories } = useViewUrlState(defaults);
  const [viewport, setViewport] = useState<Viewport | null>(null);
  const [clusterWindow, setClusterWindow] = useState<ClusterItem | null>(null);
  const { categories, lookOf } = useCategoryLooks(config.defaultLanguage);

  const mapData = useMapData(
    viewport
      ? { bounds: viewport.bounds, zoom: viewport.zoom, categories: view.categories, language: i18n.language }
      : null,
  );
  const list = usePlacesInView(
    viewport ? { bounds: viewport.bounds, origin: viewport.center, categories: view.categories } : null,
  );
  const selected = usePlace(view.placeId);
  const clusterPlaces = usePlacesInBox(
    clusterWindow ? padBounds(clusterWindow.bounds) : null,
    view.categories,
  );

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

  function choosePlace(place: Place, fromOutsideTheMap: boolean) {
    queryClient.setQueryData(placeQueryKey(place.id), place);
    setClusterWindow(null);
    selectPlace(place.id);
    if (!fromOutsideTheMap) return;
    const shown = mapHandle.current?.getViewport();
    if (shown && !boundsContain(shown.bounds, place)) mapHandle.current?.setView(place, shown.zoom);
    // On a phone the list is below the map: bring the map (and the opened window) into view.
    const top = mapSection.current?.getBoundingClientRect().top ?? 0;
    if (top < 0) {
      const smooth = !window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
      mapSection.current?.scrollIntoView({ block: 'start', behavior: smooth ? 'smooth' : 'auto' });
    }
  }

  const shareLink = viewStateLink(window.location.origin, {
    ...view,
    ...(viewport ? { center: viewport.center, zoom: viewport.zoom } : {}),
  });
  const infoWindow = useHomeInfoWindow({
    selectedId: view.placeId,
    selectedPlace: selected.data,
    cluster: clusterWindow,
    clusterPlaces: clusterPlaces.data?.items,
    clusterError: clusterPlaces.error,
    lookOf,
    shareLink,
    onSelectFromCluster: (place) => choosePlace(place, false),
  });

  return (
    <>
      <h1 className="sr-only">{t('map.label')}</h1>
      <SkipLink href="#places">{t('map.skipMap')}</SkipLink>
      <div ref={mapSection} className="scroll-mt-2">
        <MapCanvas
          ref={mapHandle}
          engine={config.mapEngine}
          engineSettings={config}
          center={view.center}
          zoom={view.zoom}
          minZoom={config.minZoom}
          maxZoom={config.maxZoom}
          tileUrl={config.tileUrl}
          tileAttribution={config.tileAttribution}
          language={i18n.language}
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
            if (Math.round(zoom) < config.maxZoom) mapHandle.current?.fitBounds(cluster.bounds);
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
              message={t('map.dataFailed')}
              detail={t(errorMessageKey(mapData.error))}
              onRetry={() => void mapData.refetch()}
            />
          ) : (
            mapData.isFetching && <MapUpdatingHint />
          )}
        </MapCanvas>
      </div>
      {infoWindow.portal}
      <PlacesPanel
        categories={categories}
        selectedCategories={view.categories}
        onCategoriesChange={(next) => {
          setClusterWindow(null);
          setCategories(next);
        }}
        list={list}
        selectedId={view.placeId}
        lookOf={lookOf}
        onSelect={(place) => choosePlace(withoutDistance(place), true)}
        aside={<ProposeEntry center={viewport?.center ?? view.center} zoom={viewport?.zoom ?? view.zoom} />}
      />
    </>
  );
}
