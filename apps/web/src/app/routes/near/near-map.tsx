import type { MapPlace, PlaceListItem } from '@karta/contracts';
import type { CircleItem, ClusterItem, LatLng, MapLabels, PickerItem, Viewport } from '@karta/map-core';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import { useRuntimeConfig } from '../../../config/runtime-config.ts';
import { useMapData } from '../../../features/map/api/get-map-data.ts';
import { MapCanvas } from '../../../features/map/components/map-canvas/map-canvas.tsx';
import type { MapHandle } from '../../../features/map/components/map-canvas/map-canvas-types.ts';
import { useMapEngineProps } from '../../../features/map/hooks/use-map-engine-props.ts';
import { padBounds } from '../../../features/map/utils/bounds.ts';
import { AMBIENT_CIRCLES_MIN_ZOOM, buildCircles } from '../../../features/map/utils/build-circles.ts';
import { buildMarkers } from '../../../features/map/utils/build-markers.ts';
import { clusterLabel } from '../../../features/map/utils/cluster-label.ts';
import { zoomForRadius } from '../../../features/map/utils/zoom-for-radius.ts';
import type { NearSearch } from '../../../features/near/api/list-near-places.ts';
import { circleBounds } from '../../../features/near/utils/circle-bounds.ts';
import type { CategoryView } from '../../../lib/categories/use-category-looks.ts';
import { usePlace } from '../../../lib/places/get-place.ts';
import { usePlacesInBox } from '../../../lib/places/list-places.ts';
import { mapPlaceOf } from '../../../lib/places/place-text.ts';
import { usePlacesInfoWindow } from '../../places-map/use-places-info-window.tsx';

/** The search circle's colour: the picker's blue, apart from every category colour. */
const SEARCH_BLUE = '#1d4ed8';

/** No markers yet (the clustering code is loading): one array, so the markers are not rebuilt. */
const NO_PLACES: readonly MapPlace[] = [];

interface NearMapProps {
  point: LatLng | null;
  /** The radius the view frames around the point. */
  radius: number;
  /** Draw the search circle (the Nearby tab); the other tab is about the places' own circles. */
  showSearchCircle: boolean;
  /** Draw every result's own circle, not only the selected one's ("Serves this spot"). */
  showPlaceRadii: boolean;
  /** What the results answer: the map draws every one of its places, not only the list's pages. */
  search: NearSearch | null;
  /** The list's pages of results loaded so far. */
  places: readonly PlaceListItem[];
  selectedId: number | null;
  lookOf(slug: string): CategoryView;
  /** A click on the map (`click`) or a drag or arrow key on the point (`move`). */
  onPick(point: LatLng, how: 'click' | 'move'): void;
  onSelect(placeId: number | null): void;
  /** Drawn over the map (the "updating" hint). */
  children?: ReactNode;
}

/** A cluster whose list is open, and the search it was opened on: a new search closes it. */
interface OpenCluster {
  cluster: ClusterItem;
  of: NearSearch | null;
}

/**
 * The Near me map: the point (click to set, drag or arrow keys to move), the search circle, the
 * results clustered as the home map clusters its places, with the selected one's info window. It
 * frames the circle when the point or the radius changes, except while the user moves the point by
 * hand.
 */
export function NearMap(props: NearMapProps) {
  const { point, radius, places, selectedId, lookOf, onPick, onSelect } = props;
  const { t, i18n } = useTranslation();
  const config = useRuntimeConfig();
  const engineProps = useMapEngineProps();
  const handle = useRef<MapHandle>(null);
  const [viewport, setViewport] = useState<Viewport | null>(null);
  const [openCluster, setOpenCluster] = useState<OpenCluster | null>(null);
  // The first view: the circle around a point from the link, else the deployment's default.
  const [start] = useState(() =>
    point
      ? {
          center: point,
          zoom: zoomForRadius(radius, point.lat, { radiusPixels: 140, maxZoom: config.maxZoom }),
        }
      : { center: config.defaultCenter, zoom: config.defaultZoom },
  );

  // Moving the point by hand must not move the map under the pointer: where the user last moved
  // it, and the radius last framed, tell a hand move from a new point (a link, Back, the location).
  const movedByHand = useRef<LatLng | null>(null);
  const framedRadius = useRef<number | null>(null);
  const lat = point?.lat;
  const lng = point?.lng;
  const ready = viewport !== null;
  useEffect(() => {
    if (!ready || lat === undefined || lng === undefined) return;
    const hand = movedByHand.current;
    const byHand = hand !== null && Math.abs(hand.lat - lat) < 2e-5 && Math.abs(hand.lng - lng) < 2e-5;
    const radiusChanged = framedRadius.current !== radius;
    framedRadius.current = radius;
    if (byHand && !radiusChanged) return;
    handle.current?.fitBounds(circleBounds({ lat, lng }, radius));
  }, [ready, lat, lng, radius]);

  // Every result, clustered by the server as the home map is: as many as the list counts.
  const search = props.search;
  const mapData = useMapData(
    viewport && search
      ? {
          bounds: viewport.bounds,
          zoom: viewport.zoom,
          categories: search.categories,
          openNow: search.openNow,
          filters: search.filters,
          language: i18n.language,
          ...(search.kind === 'near'
            ? { near: { point: search.point, radius: search.radius } }
            : { covers: search.point }),
        }
      : null,
  );
  const resultLayer = search ? mapData.data : undefined;
  const markerPlaces = resultLayer?.places ?? NO_PLACES;
  // A marker beyond the list's loaded pages is read on its own.
  const listed = places.find((place) => place.id === selectedId);
  const fetched = usePlace(listed ? null : selectedId);
  const selected = listed ?? fetched.data;
  const markers = useMemo(
    () =>
      buildMarkers(markerPlaces, selectedId, lookOf, (name, category, stale) =>
        t(stale ? 'map.markerLabelStale' : 'map.markerLabel', { name, category }),
      ),
    [markerPlaces, selectedId, lookOf, t],
  );

  // A selection (on the map or in the list beside it) takes the info window from a cluster's list.
  useEffect(() => {
    if (selectedId !== null) setOpenCluster(null);
  }, [selectedId]);
  const clusterWindow = openCluster?.of === search ? openCluster.cluster : null;
  const clusterList = usePlacesInBox(
    clusterWindow && search ? padBounds(clusterWindow.bounds) : null,
    search
      ? {
          categories: search.categories,
          openNow: search.openNow,
          filters: search.filters,
          ...(search.kind === 'near'
            ? { near: { point: search.point, radius: search.radius } }
            : { covers: search.point }),
        }
      : { categories: [] },
  );

  const { showSearchCircle, showPlaceRadii } = props;
  const shownZoom = viewport?.zoom ?? start.zoom;
  const atMaxZoom = Math.round(shownZoom) >= config.maxZoom;
  const mapPlaces = useMemo(
    () => places.map((place) => mapPlaceOf(place, i18n.language)),
    [places, i18n.language],
  );
  const circles = useMemo<CircleItem[]>(() => {
    const placeCircles = buildCircles({
      // "Serves this spot" answers with every result's own circle, in a cluster or not; Nearby, as
      // the home map, draws the circles of the places drawn as markers.
      places: showPlaceRadii ? mapPlaces : markerPlaces,
      selected: selected ? { ...selected, color: lookOf(selected.category).color } : null,
      zoom: showPlaceRadii ? Math.max(shownZoom, AMBIENT_CIRCLES_MIN_ZOOM) : shownZoom,
      colorOf: (slug) => lookOf(slug).color,
    });
    // Every result's own radius is the answer on "Serves this spot"; around the search circle it
    // would bury the map, so Nearby draws only the selected one's (and privacy areas).
    const drawn = showPlaceRadii ? placeCircles : placeCircles.filter((circle) => circle.kind !== 'ambient');
    if (!showSearchCircle || lat === undefined || lng === undefined) return drawn;
    return [{ id: 'search', lat, lng, radius, color: SEARCH_BLUE, kind: 'selected' }, ...drawn];
  }, [
    mapPlaces,
    markerPlaces,
    selected,
    lookOf,
    shownZoom,
    showPlaceRadii,
    showSearchCircle,
    lat,
    lng,
    radius,
  ]);

  const picker = useMemo<PickerItem | null>(
    () => (lat === undefined || lng === undefined ? null : { lat, lng, label: t('near.map.pickerLabel') }),
    [lat, lng, t],
  );
  const labels = useMemo<MapLabels>(
    () => ({
      cluster: (count) => clusterLabel(t, count, atMaxZoom),
      closeInfoWindow: t('map.closeInfoWindow'),
    }),
    [t, atMaxZoom],
  );

  const infoWindow = usePlacesInfoWindow({
    selectedId,
    selectedPlace: selected,
    cluster: clusterWindow,
    // The results in the cluster's box: its places (the box is the one around them).
    clusterPlaces: clusterList.data?.items,
    clusterError: clusterList.error,
    lookOf,
    shareLink: selected ? `${window.location.origin}/places/${selected.id}` : '',
    onSelectFromCluster: (place) => {
      setOpenCluster(null);
      onSelect(place.id);
    },
  });

  return (
    <>
      <MapCanvas
        {...engineProps}
        ref={handle}
        testId="near-map"
        className="h-[360px] w-full sm:h-[440px] lg:h-[calc(100vh-10rem)] lg:min-h-[440px] lg:max-h-[760px]"
        center={start.center}
        zoom={start.zoom}
        label={t('near.map.label')}
        picker={picker}
        clusters={resultLayer?.clusters}
        markers={markers}
        circles={circles}
        labels={labels}
        infoWindow={infoWindow.request}
        onViewportChange={setViewport}
        onMapClick={(next) => onPick(next, 'click')}
        onPickerMove={(next) => {
          movedByHand.current = next;
          onPick(next, 'move');
        }}
        // As on the home map: zoom to the cluster's places, or list them at the highest zoom.
        onClusterClick={(cluster) => {
          if (!atMaxZoom) handle.current?.fitBounds(cluster.bounds);
          else setOpenCluster({ cluster, of: search });
        }}
        onMarkerClick={(id) => {
          setOpenCluster(null);
          onSelect(id);
        }}
        onInfoWindowClose={() => {
          setOpenCluster(null);
          onSelect(null);
        }}
      >
        {props.children}
      </MapCanvas>
      {infoWindow.portal}
      <div className="mt-2 flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <p className="text-sm text-gray-600">{t(point ? 'near.map.hint' : 'near.map.startHint')}</p>
        {/* Without a pointer (keyboard, screen reader), pan the map and search at its centre. */}
        <button
          type="button"
          data-testid="pick-map-centre"
          className={`${buttonStyles.link} text-sm disabled:opacity-50`}
          disabled={!ready}
          onClick={() => {
            const shown = handle.current?.getViewport();
            if (shown) onPick(shown.center, 'click');
          }}
        >
          {t('near.map.useCentre')}
        </button>
      </div>
    </>
  );
}
