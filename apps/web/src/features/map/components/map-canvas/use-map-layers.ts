import type {
  CircleItem,
  ClusterItem,
  LatLng,
  MapAdapter,
  MapLabels,
  MarkerItem,
  PickerItem,
} from '@karta/map-core';
import { type RefObject, useEffect } from 'react';
import type { InfoWindowRequest } from './map-canvas-types.ts';

const EMPTY: readonly never[] = [];

/** Degrees beyond URL rounding (5 decimals): smaller differences are the same view, not a move. */
const SAME_POSITION_DEGREES = 2e-5;

/** Moves the map when the wanted position differs from what it shows (a link, Back, a list choice). */
export function useControlledView(adapter: MapAdapter | null, center: LatLng, zoom: number) {
  const { lat, lng } = center;
  useEffect(() => {
    if (!adapter) return;
    const shown = adapter.getViewport();
    const moved =
      Math.abs(shown.center.lat - lat) > SAME_POSITION_DEGREES ||
      Math.abs(shown.center.lng - lng) > SAME_POSITION_DEGREES ||
      Math.round(shown.zoom) !== Math.round(zoom);
    if (moved) adapter.setView({ lat, lng }, zoom);
  }, [adapter, lat, lng, zoom]);
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
