import type { PlaceListItem } from '@karta/contracts';
import type { CircleItem, LatLng, MapLabels, PickerItem } from '@karta/map-core';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import { useRuntimeConfig } from '../../../config/runtime-config.ts';
import type { CategoryView } from '../../../features/categories/hooks/use-category-looks.ts';
import { MapCanvas } from '../../../features/map/components/map-canvas/map-canvas.tsx';
import type { MapHandle } from '../../../features/map/components/map-canvas/map-canvas-types.ts';
import { useMapEngineProps } from '../../../features/map/hooks/use-map-engine-props.ts';
import { AMBIENT_CIRCLES_MIN_ZOOM, buildCircles } from '../../../features/map/utils/build-circles.ts';
import { buildMarkers } from '../../../features/map/utils/build-markers.ts';
import { zoomForRadius } from '../../../features/map/utils/zoom-for-radius.ts';
import { circleBounds } from '../../../features/near/utils/circle-bounds.ts';
import { mapPlaceOf } from '../../../features/places/utils/place-text.ts';
import { usePlacesInfoWindow } from '../../places-map/use-places-info-window.tsx';

/** The search circle's colour: the picker's blue, apart from every category colour. */
const SEARCH_BLUE = '#1d4ed8';

interface NearMapProps {
  point: LatLng | null;
  /** The radius the view frames around the point. */
  radius: number;
  /** Draw the search circle (the Nearby tab); the other tab is about the places' own circles. */
  showSearchCircle: boolean;
  /** Draw every result's own circle, not only the selected one's ("Serves this spot"). */
  showPlaceRadii: boolean;
  places: readonly PlaceListItem[];
  selectedId: number | null;
  lookOf(slug: string): CategoryView;
  /** A click on the map (`click`) or a drag or arrow key on the point (`move`). */
  onPick(point: LatLng, how: 'click' | 'move'): void;
  onSelect(placeId: number | null): void;
  /** Drawn over the map (the "updating" hint). */
  children?: ReactNode;
}

/**
 * The Near me map: the point (click to set, drag or arrow keys to move), the search circle, the
 * results as markers with the selected one's info window. It frames the circle when the point or
 * the radius changes, except while the user moves the point by hand.
 */
export function NearMap(props: NearMapProps) {
  const { point, radius, places, selectedId, lookOf, onPick, onSelect } = props;
  const { t, i18n } = useTranslation();
  const config = useRuntimeConfig();
  const engineProps = useMapEngineProps();
  const handle = useRef<MapHandle>(null);
  const [zoom, setZoom] = useState<number | null>(null);
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
  const ready = zoom !== null;
  useEffect(() => {
    if (!ready || lat === undefined || lng === undefined) return;
    const hand = movedByHand.current;
    const byHand = hand !== null && Math.abs(hand.lat - lat) < 2e-5 && Math.abs(hand.lng - lng) < 2e-5;
    const radiusChanged = framedRadius.current !== radius;
    framedRadius.current = radius;
    if (byHand && !radiusChanged) return;
    handle.current?.fitBounds(circleBounds({ lat, lng }, radius));
  }, [ready, lat, lng, radius]);

  const mapPlaces = useMemo(
    () => places.map((place) => mapPlaceOf(place, i18n.language)),
    [places, i18n.language],
  );
  const selected = places.find((place) => place.id === selectedId);
  const markers = useMemo(
    () =>
      buildMarkers(mapPlaces, selectedId, lookOf, (name, category, stale) =>
        t(stale ? 'map.markerLabelStale' : 'map.markerLabel', { name, category }),
      ),
    [mapPlaces, selectedId, lookOf, t],
  );

  const { showSearchCircle, showPlaceRadii } = props;
  const shownZoom = zoom ?? start.zoom;
  const circles = useMemo<CircleItem[]>(() => {
    const placeCircles = buildCircles({
      places: mapPlaces,
      selected: selected ? { ...selected, color: lookOf(selected.category).color } : null,
      zoom: showPlaceRadii ? Math.max(shownZoom, AMBIENT_CIRCLES_MIN_ZOOM) : shownZoom,
      colorOf: (slug) => lookOf(slug).color,
    });
    // Every result's own radius is the answer on "Serves this spot"; around the search circle it
    // would bury the map, so Nearby draws only the selected one's (and privacy areas).
    const drawn = showPlaceRadii ? placeCircles : placeCircles.filter((circle) => circle.kind !== 'ambient');
    if (!showSearchCircle || lat === undefined || lng === undefined) return drawn;
    return [{ id: 'search', lat, lng, radius, color: SEARCH_BLUE, kind: 'selected' }, ...drawn];
  }, [mapPlaces, selected, lookOf, shownZoom, showPlaceRadii, showSearchCircle, lat, lng, radius]);

  const picker = useMemo<PickerItem | null>(
    () => (lat === undefined || lng === undefined ? null : { lat, lng, label: t('near.map.pickerLabel') }),
    [lat, lng, t],
  );
  const labels = useMemo<MapLabels>(
    () => ({
      cluster: (count) => t('map.clusterZoom', { count }),
      closeInfoWindow: t('map.closeInfoWindow'),
    }),
    [t],
  );

  const infoWindow = usePlacesInfoWindow({
    selectedId,
    selectedPlace: selected,
    cluster: null,
    clusterPlaces: undefined,
    clusterError: null,
    lookOf,
    shareLink: selected ? `${window.location.origin}/places/${selected.id}` : '',
    onSelectFromCluster: (place) => onSelect(place.id),
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
        markers={markers}
        circles={circles}
        labels={labels}
        infoWindow={infoWindow.request}
        onViewportChange={(viewport) => setZoom(viewport.zoom)}
        onMapClick={(next) => onPick(next, 'click')}
        onPickerMove={(next) => {
          movedByHand.current = next;
          onPick(next, 'move');
        }}
        onMarkerClick={(id) => onSelect(id)}
        onInfoWindowClose={() => onSelect(null)}
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
