import type { PlaceListItem } from '@karta/contracts';
import type { LatLng, MapLabels, MarkerItem } from '@karta/map-core';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MapCanvas } from '../../../features/map/components/map-canvas/map-canvas.tsx';
import { useMapEngineProps } from '../../../features/map/hooks/use-map-engine-props.ts';
import { buildCircles, PRIVACY_AREA_METRES } from '../../../features/map/utils/build-circles.ts';
import { clusterLabel } from '../../../features/map/utils/cluster-label.ts';
import { zoomForRadius } from '../../../features/map/utils/zoom-for-radius.ts';
import { REVIEW_MAP_HEIGHT } from '../../../features/review/components/review-spot.tsx';
import { localizeText } from '../../../lib/i18n/localize-text.ts';
import { metresBetween } from '../../../lib/metres-between.ts';

/** Zoom for a place without an area and nothing similar near it: close enough to see the street. */
const STREET_ZOOM = 16;
/** Zoom for a look-alike a few metres away: close enough to tell the two pins apart. */
const CLOSEST_ZOOM = 18;
/** Look-alikes are drawn in the amber of the "Similar:" line, so the two read as one. */
const SIMILAR_COLOR = '#b45309';

/** A category's name and colour, by id. */
export type CategoryLookOf = (categoryId: number) => { name: string; color: string };

/**
 * Where to centre the map and how many metres from there it must show: with look-alikes, the
 * middle of them and the place, close enough to tell their pins apart (a circle may run past the
 * edge); alone, the place and its whole circle.
 */
function framing(place: PlaceListItem, similar: readonly PlaceListItem[], area: number) {
  if (similar.length === 0) return { center: { lat: place.lat, lng: place.lng }, reach: area };
  const points = [place, ...similar];
  const lats = points.map((point) => point.lat);
  const lngs = points.map((point) => point.lng);
  const center: LatLng = {
    lat: (Math.min(...lats) + Math.max(...lats)) / 2,
    lng: (Math.min(...lngs) + Math.max(...lngs)) / 2,
  };
  return { center, reach: Math.max(...points.map((point) => metresBetween(center, point))) };
}

interface ReviewMapProps {
  place: PlaceListItem;
  /** Published places near it with a similar name: drawn too, so the two can be compared. */
  similar: readonly PlaceListItem[];
  lookOf: CategoryLookOf;
}

/**
 * A review card's small map: the place's marker and its circle (radius or privacy area), and any
 * similar place near it (in amber), framed to show them all. It starts as a still picture under a
 * button: in a long list, a live map would take the mouse wheel and a Tab stop in every card. The
 * button makes it a map to pan and zoom, with the focus on it.
 */
export function ReviewMap({ place, similar, lookOf }: ReviewMapProps) {
  const { t, i18n } = useTranslation();
  const engineProps = useMapEngineProps();
  const [exploring, setExploring] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const name = localizeText(place.name, i18n.language, place.primaryLanguage);
  const look = lookOf(place.categoryId);
  const area =
    place.radius ?? (place.locationPrivacy === 'exact' ? null : PRIVACY_AREA_METRES[place.locationPrivacy]);
  const frame = useMemo(() => framing(place, similar, area ?? 0), [place, similar, area]);
  const zoom =
    frame.reach === 0
      ? STREET_ZOOM
      : zoomForRadius(frame.reach, frame.center.lat, { radiusPixels: 45, maxZoom: CLOSEST_ZOOM });

  const markers = useMemo<MarkerItem[]>(
    () => [
      ...similar.map((other) => ({
        id: other.id,
        lat: other.lat,
        lng: other.lng,
        color: SIMILAR_COLOR,
        label: t('review.spot.similarMarker', {
          name: localizeText(other.name, i18n.language, other.primaryLanguage),
        }),
        selected: false,
        approximate: other.locationPrivacy !== 'exact',
      })),
      // Last, so it is drawn over a look-alike it touches.
      {
        id: place.id,
        lat: place.lat,
        lng: place.lng,
        color: look.color,
        label: t('map.markerLabel', { name, category: look.name }),
        selected: true,
        approximate: place.locationPrivacy !== 'exact',
      },
    ],
    [place, similar, look.color, look.name, name, t, i18n.language],
  );
  const circles = useMemo(
    () =>
      buildCircles({
        places: [],
        selected: { ...place, color: look.color },
        zoom,
        colorOf: () => look.color,
      }),
    [place, look.color, zoom],
  );
  const labels = useMemo<MapLabels>(
    () => ({ cluster: (count) => clusterLabel(t, count, false), closeInfoWindow: t('map.closeInfoWindow') }),
    [t],
  );

  useEffect(() => {
    if (!exploring) return;
    // The map's own keyboard stop (arrows pan, + and − zoom), where the engine made one.
    box.current?.querySelector<HTMLElement>('[data-testid=review-map] [tabindex="0"]')?.focus();
  }, [exploring]);

  return (
    <div ref={box} className="relative overflow-hidden rounded-lg">
      <div inert={!exploring}>
        <MapCanvas
          {...engineProps}
          testId="review-map"
          className={`${REVIEW_MAP_HEIGHT} w-full`}
          center={frame.center}
          zoom={Math.max(engineProps.minZoom, Math.min(engineProps.maxZoom, zoom))}
          label={t('placePage.mapLabel', { name })}
          markers={markers}
          circles={circles}
          labels={labels}
        />
      </div>
      {!exploring && (
        <button
          type="button"
          data-testid="explore-review-map"
          aria-label={t('review.spot.exploreNamed', { name })}
          onClick={() => setExploring(true)}
          // Over the whole map, so a click or the wheel never reaches the still map; its label in
          // the corner the engine's own controls and attribution leave free.
          className="group absolute inset-0 z-10 flex items-start justify-end p-2"
        >
          <span className="rounded-md bg-white/95 px-2.5 py-1 text-xs font-medium text-gray-900 shadow-sm ring-1 ring-gray-300 group-hover:bg-white group-hover:ring-gray-400">
            {t('review.spot.explore')}
          </span>
        </button>
      )}
    </div>
  );
}
