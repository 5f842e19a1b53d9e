import type { MapAdapter, MapAdapterOptions, MapEvents } from '@karta/map-core';
import { vi } from 'vitest';
import { createLeafletMap } from './create-leaflet-map.ts';

/** A map in a 512×400 container (jsdom lays nothing out, so the size is given), with spied events. */
export async function createTestMap(overrides: Partial<MapAdapterOptions> = {}) {
  const container = document.createElement('div');
  Object.defineProperty(container, 'clientWidth', { configurable: true, value: 512 });
  Object.defineProperty(container, 'clientHeight', { configurable: true, value: 400 });
  document.body.append(container);
  const events = {
    onViewportChange: vi.fn<MapEvents['onViewportChange']>(),
    onClusterClick: vi.fn<MapEvents['onClusterClick']>(),
    onMarkerClick: vi.fn<MapEvents['onMarkerClick']>(),
    onMapClick: vi.fn<NonNullable<MapEvents['onMapClick']>>(),
    onInfoWindowClose: vi.fn<MapEvents['onInfoWindowClose']>(),
  };
  const adapter: MapAdapter = await createLeafletMap({
    container,
    center: { lat: 45.8, lng: 16.0 },
    zoom: 10,
    minZoom: 2,
    maxZoom: 18,
    tileUrl: 'https://tiles.test/{z}/{x}/{y}{r}.png',
    tileAttribution: '© OpenStreetMap contributors',
    language: 'en',
    labels: { cluster: (count) => `${count} places, zoom in`, closeInfoWindow: 'Close' },
    events,
    ...overrides,
  });
  const cleanup = () => {
    adapter.destroy();
    container.remove();
  };
  return { adapter, container, events, cleanup };
}
