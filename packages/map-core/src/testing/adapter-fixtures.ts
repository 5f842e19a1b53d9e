import { vi } from 'vitest';
import type { CircleItem, ClusterItem, MapAdapterOptions, MapEvents, MarkerItem } from '../types.ts';

/**
 * What every adapter's tests start from: a sized container, spied events, default options and the
 * items to draw, so every engine's adapter is tested on the same ground.
 */

/** A 512×400 map container in the page (jsdom lays nothing out, so the size is given). */
export function createMapContainer(): HTMLDivElement {
  const container = document.createElement('div');
  Object.defineProperty(container, 'clientWidth', { configurable: true, value: 512 });
  Object.defineProperty(container, 'clientHeight', { configurable: true, value: 400 });
  document.body.append(container);
  return container;
}

/** Every map event, spied. */
export function spiedMapEvents() {
  return {
    onViewportChange: vi.fn<MapEvents['onViewportChange']>(),
    onClusterClick: vi.fn<MapEvents['onClusterClick']>(),
    onMarkerClick: vi.fn<MapEvents['onMarkerClick']>(),
    onMapClick: vi.fn<NonNullable<MapEvents['onMapClick']>>(),
    onPickerMove: vi.fn<NonNullable<MapEvents['onPickerMove']>>(),
    onInfoWindowClose: vi.fn<MapEvents['onInfoWindowClose']>(),
    onEngineFailure: vi.fn<NonNullable<MapEvents['onEngineFailure']>>(),
  };
}

/** The options of a test map on Zagreb at zoom 10, in `container`. */
export function testMapOptions(
  container: HTMLElement,
  events: MapEvents,
  overrides: Partial<MapAdapterOptions> = {},
): MapAdapterOptions {
  return {
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
  };
}

export const testCluster = (id: string, count: number, lat = 45.8, lng = 16.0): ClusterItem => ({
  id,
  lat,
  lng,
  count,
  tier: String(count).length,
  bounds: { west: lng - 0.01, south: lat - 0.01, east: lng + 0.01, north: lat + 0.01 },
});

export const testMarker = (id: number, overrides: Partial<MarkerItem> = {}): MarkerItem => ({
  id,
  lat: 45.81,
  lng: 15.98,
  color: '#dc2626',
  label: `Place ${id}, Pharmacy`,
  selected: false,
  approximate: false,
  ...overrides,
});

export const testCircle = (id: string, kind: CircleItem['kind'], radius = 500): CircleItem => ({
  id,
  lat: 45.8,
  lng: 16.0,
  radius,
  color: '#16a34a',
  kind,
});

/** The app's content for an info window: a heading and a button. */
export function testInfoContent(text: string): HTMLElement {
  const element = document.createElement('div');
  element.dataset.testid = 'info-window';
  element.innerHTML = `<h2>${text}</h2><button type="button">Copy</button>`;
  return element;
}

export function clusterButtons(container: HTMLElement): HTMLButtonElement[] {
  return [...container.querySelectorAll<HTMLButtonElement>('button[data-testid=cluster]')];
}
