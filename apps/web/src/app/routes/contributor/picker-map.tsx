import type { CircleItem, LatLng, MapLabels, PickerItem } from '@karta/map-core';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRuntimeConfig } from '../../../config/runtime-config.ts';
import { MapCanvas } from '../../../features/map/components/map-canvas/map-canvas.tsx';
import type { MapHandle } from '../../../features/map/components/map-canvas/map-canvas-types.ts';
import { useMapEngineProps } from '../../../features/map/hooks/use-map-engine-props.ts';
import { boundsContain } from '../../../features/map/utils/bounds.ts';
import { clusterLabel } from '../../../features/map/utils/cluster-label.ts';
import type { PickerMapRequest } from '../../../features/place-editor/components/location-section.tsx';

/** Close enough to put a marker on the right building. */
const PLACING_ZOOM = 16;

/** The radius circle's colour: the picker's blue. */
const PICKER_BLUE = '#1d4ed8';

interface PickerMapProps extends PickerMapRequest {
  /** Where the map starts when the place has no position yet (e.g. from the home map's view). */
  initialView?: { center: LatLng; zoom: number } | null;
}

/**
 * The place editor's map: a click puts the marker there (zooming in from afar), the marker drags
 * or moves with the arrow keys, the radius is drawn live, and coordinates typed in the form bring
 * the map to them when they are out of view; the user's location is brought to the middle.
 */
export function PickerMap({ position, radius, onPick, focus, initialView }: PickerMapProps) {
  const { t } = useTranslation();
  const config = useRuntimeConfig();
  const engineProps = useMapEngineProps();
  const handle = useRef<MapHandle>(null);
  // The map's first view; afterwards it moves only by the user or through `handle`.
  const [start] = useState(() =>
    position
      ? { center: position, zoom: PLACING_ZOOM }
      : (initialView ?? { center: config.defaultCenter, zoom: config.defaultZoom }),
  );
  const lastFromMap = useRef<LatLng | null>(null);

  const pick = (next: LatLng, fromClick: boolean) => {
    lastFromMap.current = next;
    onPick(next);
    const zoom = handle.current?.getViewport()?.zoom ?? PLACING_ZOOM;
    if (fromClick && zoom < PLACING_ZOOM - 2) handle.current?.setView(next, PLACING_ZOOM);
  };

  // The user's location, once found: in the middle, close enough to check the marker's building.
  // Before the effect below, which then takes the new position as already shown.
  useEffect(() => {
    if (!focus) return;
    lastFromMap.current = focus;
    const zoom = handle.current?.getViewport()?.zoom ?? PLACING_ZOOM;
    handle.current?.setView(focus, Math.max(zoom, PLACING_ZOOM));
  }, [focus]);

  // Typed coordinates: show them when the map is elsewhere.
  const lat = position?.lat;
  const lng = position?.lng;
  useEffect(() => {
    if (lat === undefined || lng === undefined) return;
    const fromMap = lastFromMap.current;
    if (fromMap && fromMap.lat === lat && fromMap.lng === lng) return;
    const viewport = handle.current?.getViewport();
    if (viewport && !boundsContain(viewport.bounds, { lat, lng }))
      handle.current?.setView({ lat, lng }, Math.max(viewport.zoom, PLACING_ZOOM - 2));
  }, [lat, lng]);

  const picker = useMemo<PickerItem | null>(
    () => (lat === undefined || lng === undefined ? null : { lat, lng, label: t('placeEditor.pickerLabel') }),
    [lat, lng, t],
  );
  const circles = useMemo<CircleItem[]>(
    () =>
      lat === undefined || lng === undefined || radius === null
        ? []
        : [{ id: 'radius', lat, lng, radius, color: PICKER_BLUE, kind: 'selected' }],
    [lat, lng, radius],
  );
  const labels = useMemo<MapLabels>(
    () => ({
      cluster: (count) => clusterLabel(t, count, false),
      closeInfoWindow: t('map.closeInfoWindow'),
    }),
    [t],
  );

  return (
    <div>
      <MapCanvas
        {...engineProps}
        ref={handle}
        testId="picker-map"
        className="h-[320px] w-full rounded-lg sm:h-[400px]"
        center={start.center}
        zoom={start.zoom}
        label={t('placeEditor.mapLabel')}
        picker={picker}
        circles={circles}
        labels={labels}
        onMapClick={(next) => pick(next, true)}
        onPickerMove={(next) => pick(next, false)}
      />
      <p className="mt-2 text-sm text-gray-600">{t('placeEditor.mapHint')}</p>
    </div>
  );
}
