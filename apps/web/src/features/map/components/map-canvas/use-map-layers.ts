import type {
  CircleItem,
  ClusterItem,
  LatLng,
  MapAdapter,
  MapLabels,
  MarkerItem,
  PickerItem,
} from '@karta/map-core';
import { type RefObject, useEffect, useMemo, useRef } from 'react';
import type { InfoWindowRequest } from './map-canvas-types.ts';

const EMPTY: readonly never[] = [];

/** Degrees beyond URL rounding (5 decimals): smaller differences are the same view, not a move. */
const SAME_POSITION_DEGREES = 2e-5;

/** Whether two views are the same place to the URL's rounding and the same whole zoom. */
function sameView(a: { center: LatLng; zoom: number }, b: { center: LatLng; zoom: number }): boolean {
  return (
    Math.abs(a.center.lat - b.center.lat) <= SAME_POSITION_DEGREES &&
    Math.abs(a.center.lng - b.center.lng) <= SAME_POSITION_DEGREES &&
    Math.round(a.zoom) === Math.round(b.zoom)
  );
}

/** How many of the map's own reports may still come back as the wanted view. */
const ECHOES_KEPT = 4;

/**
 * The views the map reported that the page may still pass back as the wanted one (it writes them
 * to the URL and reads them back a render later): `remember` each report, and ask `isEcho` of a
 * wanted view before moving to it.
 */
export function useReportedViews() {
  const reported = useRef<Array<{ center: LatLng; zoom: number }>>([]);
  return useMemo(
    () => ({
      remember(view: { center: LatLng; zoom: number }) {
        reported.current = [...reported.current.slice(1 - ECHOES_KEPT), view];
      },
      /**
       * Whether `wanted` is one of the map's own reports coming back (then forgotten with those
       * before it); any other wanted view forgets them all, as it comes from outside.
       */
      isEcho(wanted: { center: LatLng; zoom: number }): boolean {
        const index = reported.current.findIndex((view) => sameView(view, wanted));
        reported.current = index < 0 ? [] : reported.current.slice(index + 1);
        return index >= 0;
      },
    }),
    [],
  );
}

/**
 * Moves the map when the wanted position differs from what it shows (a link, Back, a list choice).
 * A wanted view that is the map's own earlier report coming back is no move: the map may have
 * moved on since (an info window's pan under way), and going back would undo that.
 */
export function useControlledView(
  adapter: MapAdapter | null,
  center: LatLng,
  zoom: number,
  reported: ReturnType<typeof useReportedViews>,
) {
  const { lat, lng } = center;
  useEffect(() => {
    if (!adapter) return;
    const wanted = { center: { lat, lng }, zoom };
    if (reported.isEcho(wanted)) return;
    if (!sameView(adapter.getViewport(), wanted)) adapter.setView({ lat, lng }, zoom);
  }, [adapter, lat, lng, zoom, reported]);
}

/** Hands clusters, markers, circles, the picker and labels to the adapter whenever they change. */
export function useMapLayers(
  adapter: MapAdapter | null,
  layers: {
    clusters: readonly ClusterItem[] | undefined;
    markers: readonly MarkerItem[] | undefined;
    circles: readonly CircleItem[] | undefined;
    picker?: PickerItem | null;
    labels: MapLabels;
  },
) {
  const { clusters, markers, circles, picker, labels } = layers;
  const pickerLat = picker?.lat;
  const pickerLng = picker?.lng;
  const pickerLabel = picker?.label;
  useEffect(() => adapter?.setClusters(clusters ?? EMPTY), [adapter, clusters]);
  useEffect(() => adapter?.setMarkers(markers ?? EMPTY), [adapter, markers]);
  useEffect(() => adapter?.setCircles(circles ?? EMPTY), [adapter, circles]);
  // By value: a new object for the same position must not redraw it.
  useEffect(() => {
    if (!adapter) return;
    adapter.setPicker(
      pickerLat === undefined || pickerLng === undefined || pickerLabel === undefined
        ? null
        : { lat: pickerLat, lng: pickerLng, label: pickerLabel },
    );
  }, [adapter, pickerLat, pickerLng, pickerLabel]);
  useEffect(() => adapter?.setLabels(labels), [adapter, labels]);
}

/**
 * Opens the requested info window (again when its key or position changes) and closes it when the
 * request goes away. `openRef` is cleared when the user closes it, so it is not closed twice.
 */
export function useInfoWindow(
  adapter: MapAdapter | null,
  request: InfoWindowRequest | null | undefined,
  openRef: RefObject<boolean>,
) {
  const key = request?.key;
  const lat = request?.position.lat;
  const lng = request?.position.lng;
  const content = request?.content;
  useEffect(() => {
    if (!adapter) return;
    if (content && lat !== undefined && lng !== undefined) {
      adapter.openInfoWindow({ lat, lng }, content);
      openRef.current = true;
    } else if (openRef.current) {
      adapter.closeInfoWindow();
      openRef.current = false;
    }
    // `key` is listed so a new window opens even when the element and position are unchanged.
    void key;
  }, [adapter, key, lat, lng, content, openRef]);
}
