import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { MapAdapter, MapAdapterOptions } from '@karta/map-core';
import { createMapContainer, spiedMapEvents, testMapOptions } from '@karta/map-core/testing';
import { createLeafletMap } from './create-leaflet-map.ts';

/** Leaflet's own stylesheet, which the app loads with the engine (style.css): its panes' stacking. */
const LEAFLET_CSS = readFileSync(createRequire(import.meta.url).resolve('leaflet/dist/leaflet.css'), 'utf8');

/** Puts Leaflet's stylesheet in the page once, so computed styles say how the panes stack. */
function installLeafletStyles(): void {
  if (document.querySelector('style[data-leaflet-css]')) return;
  const style = document.createElement('style');
  style.dataset.leafletCss = '';
  style.textContent = LEAFLET_CSS;
  document.head.append(style);
}

/** A Leaflet map in a 512×400 container, with Leaflet's stylesheet and spied events. */
export async function createTestMap(overrides: Partial<MapAdapterOptions> = {}) {
  installLeafletStyles();
  const container = createMapContainer();
  const events = spiedMapEvents();
  const adapter: MapAdapter = await createLeafletMap(testMapOptions(container, events, overrides));
  const cleanup = () => {
    adapter.destroy();
    container.remove();
  };
  return { adapter, container, events, cleanup };
}

/** A click on the map itself, where the adapter contract's tests need one (Leaflet listens on its pane). */
export function clickLeafletMap(container: HTMLElement, x: number, y: number): void {
  const pane = container.querySelector('.leaflet-map-pane') as HTMLElement;
  pane.dispatchEvent(new MouseEvent('click', { bubbles: true, clientX: x, clientY: y }));
}
