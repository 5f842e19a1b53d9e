import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { MapAdapter, MapAdapterOptions } from '@karta/map-core';
import { createMapContainer, spiedMapEvents, testMapOptions } from '@karta/map-core/testing';
import { createGoogleMapFactory } from './create-google-map.ts';

/** The tests' stand-in of Google's Maps JavaScript API (the browser tests serve the same file). */
const STAND_IN = readFileSync(
  resolve(import.meta.dirname, '../../../e2e/google-maps-stand-in/maps-api.js'),
  'utf8',
);

/**
 * Runs the stand-in as Google's script runs: from a `<script>` whose URL names the callback. The
 * loader then finds `google.maps` and resolves at once.
 */
export function installGoogleMapsStandIn(language = 'en'): void {
  const script = document.createElement('script');
  script.src = `https://maps.googleapis.com/maps/api/js?language=${language}&callback=__kartaStandInReady`;
  Object.assign(window, { __kartaStandInReady: () => undefined });
  Object.defineProperty(document, 'currentScript', { configurable: true, get: () => script });
  try {
    new Function(STAND_IN)();
  } finally {
    Reflect.deleteProperty(document, 'currentScript');
  }
}

export function removeGoogleMapsStandIn(): void {
  Reflect.deleteProperty(window, 'google');
  Reflect.deleteProperty(window, '__kartaStandInReady');
}

/** A Google map in a 512×400 container, with spied events (the stand-in must be installed). */
export async function createTestMap(overrides: Partial<MapAdapterOptions> = {}) {
  const container = createMapContainer();
  const events = spiedMapEvents();
  const create = createGoogleMapFactory({ key: 'test-key' });
  const adapter: MapAdapter = await create(testMapOptions(container, events, overrides));
  // The map renders, and adds its overlays, on the tasks after it is created.
  await settle();
  const cleanup = () => {
    adapter.destroy();
    container.remove();
  };
  return { adapter, container, events, cleanup };
}

/** Lets the map's pending tasks run (overlays added, `idle` fired). */
export function settle(): Promise<void> {
  return new Promise((done) => setTimeout(done, 5));
}
