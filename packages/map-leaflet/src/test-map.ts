import type { MapAdapter, MapAdapterOptions } from '@karta/map-core';
import { createMapContainer, spiedMapEvents, testMapOptions } from '@karta/map-core/testing';
import { createLeafletMap } from './create-leaflet-map.ts';

/** A Leaflet map in a 512×400 container, with spied events. */
export async function createTestMap(overrides: Partial<MapAdapterOptions> = {}) {
  const container = createMapContainer();
  const events = spiedMapEvents();
  const adapter: MapAdapter = await createLeafletMap(testMapOptions(container, events, overrides));
  const cleanup = () => {
    adapter.destroy();
    container.remove();
  };
  return { adapter, container, events, cleanup };
}
