import type { Place } from '@karta/contracts';
import type { MapLabels } from '@karta/map-core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useRuntimeConfig } from '../../../config/runtime-config.ts';
import { MapCanvas } from '../../../features/map/components/map-canvas/map-canvas.tsx';
import { useMapEngineProps } from '../../../features/map/hooks/use-map-engine-props.ts';
import { buildCircles, PRIVACY_AREA_METRES } from '../../../features/map/utils/build-circles.ts';
import { clusterLabel } from '../../../features/map/utils/cluster-label.ts';
import { zoomForRadius } from '../../../features/map/utils/zoom-for-radius.ts';

/** Zoom for a place without an area: close enough to see the street. */
const STREET_ZOOM = 16;

interface PlaceMapProps {
  place: Place;
  name: string;
  color: string;
  categoryName: string;
}

/** A small map with the place's marker and its circle (radius or privacy area), on the same engine as home. */
export function PlaceMap({ place, name, color, categoryName }: PlaceMapProps) {
  const { t } = useTranslation();
  const config = useRuntimeConfig();
  const engineProps = useMapEngineProps();
  const center = useMemo(() => ({ lat: place.lat, lng: place.lng }), [place.lat, place.lng]);
  // Show the whole circle: the area the place serves, or the area its coarsened position stands for.
  const area =
    place.radius ?? (place.locationPrivacy === 'exact' ? null : PRIVACY_AREA_METRES[place.locationPrivacy]);
  const zoom = area === null ? STREET_ZOOM : zoomForRadius(area, place.lat, { maxZoom: STREET_ZOOM + 1 });
  const markers = useMemo(
    () => [
      {
        id: place.id,
        lat: place.lat,
        lng: place.lng,
        color,
        label: t('map.markerLabel', { name, category: categoryName }),
        selected: true,
        approximate: place.locationPrivacy !== 'exact',
      },
    ],
    [place, color, name, categoryName, t],
  );
  const circles = useMemo(
    () =>
      buildCircles({
        places: [],
        selected: { ...place, color },
        zoom,
        colorOf: () => color,
      }),
    [place, color, zoom],
  );
  const labels = useMemo<MapLabels>(
    () => ({
      cluster: (count) => clusterLabel(t, count, false),
      closeInfoWindow: t('map.closeInfoWindow'),
    }),
    [t],
  );

  return (
    <MapCanvas
      {...engineProps}
      testId="place-map"
      className="h-64 w-full sm:h-72"
      center={center}
      zoom={Math.max(config.minZoom, Math.min(config.maxZoom, zoom))}
      label={t('placePage.mapLabel', { name })}
      markers={markers}
      circles={circles}
      labels={labels}
    />
  );
}
