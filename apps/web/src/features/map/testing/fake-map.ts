import type { MapAdapter, MapAdapterOptions } from '@karta/map-core';
import { replaceEngineLoader } from '../engines/engine-registry.ts';

/** A map engine that draws nothing and reports the view it was given, over a fixed box around Zagreb. */
export class FakeMap implements MapAdapter {
  readonly engine = 'leaflet';
  readonly labelLanguage = null;
  constructor(readonly options: MapAdapterOptions) {}
  getViewport = () => ({
    center: this.options.center,
    zoom: this.options.zoom,
    bounds: { west: 15.9, south: 45.75, east: 16.05, north: 45.85 },
  });
  setView = () => {};
  fitBounds = () => {};
  setClusters = () => {};
  setMarkers = () => {};
  setCircles = () => {};
  setPicker = () => {};
  openInfoWindow = () => {};
  closeInfoWindow = () => {};
  setLabels = () => {};
  destroy = () => {};
}

/**
 * Draws the open engine's maps with {@link FakeMap}, each reporting its first view at once; returns
 * the options every map was made with, in order.
 */
export function drawWithFakeLeaflet(): MapAdapterOptions[] {
  const made: MapAdapterOptions[] = [];
  replaceEngineLoader('leaflet', async () => ({
    create: async (options) => {
      made.push(options);
      const map = new FakeMap(options);
      options.events.onViewportChange(map.getViewport());
      return map;
    },
    failureOf: () => 'failed',
  }));
  return made;
}
