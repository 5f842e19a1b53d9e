// @vitest-environment jsdom
import { describeAdapterContract } from '@karta/map-core/testing';
import { afterAll, beforeAll, describe, vi } from 'vitest';
import { clickLeafletMap, createTestMap } from './test-map.ts';

const vectorBasemap = {
  tileUrl: '/tiles/{z}/{x}/{y}.mvt',
  maxZoom: 12,
  attribution: '© OpenStreetMap contributors',
};

// The same contract as on raster tiles: the background changes, nothing the app draws does. The
// tiles are answered "none here" (jsdom has no canvas to draw them on; Chromium draws them in e2e).
describe('on the deployment’s own vector base map', () => {
  beforeAll(() => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response(null, { status: 204 }))),
    );
  });
  afterAll(() => {
    vi.unstubAllGlobals();
  });

  describeAdapterContract({
    engine: 'leaflet',
    createTestMap: (overrides = {}) => createTestMap({ vectorBasemap, ...overrides }),
    settle: () => Promise.resolve(),
    clickMap: clickLeafletMap,
  });
});
