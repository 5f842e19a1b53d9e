import type { MapEngine } from '@karta/contracts';
import type { MapAdapterFactory } from '@karta/map-core';

/** Loads an engine's adapter factory (and its CSS) on first use, so only the engine in use is downloaded. */
type EngineLoader = () => Promise<MapAdapterFactory>;

/**
 * The engines this build can draw with. Adding one (Google, next) is one entry here: feature code
 * only ever sees the `MapAdapter` interface.
 */
const engines: Partial<Record<MapEngine, EngineLoader>> = {
  leaflet: () => import('./leaflet-engine.ts').then((module) => module.createLeafletMap),
};

/** The engine used when the configured one is not in this build. */
export const FALLBACK_ENGINE: MapEngine = 'leaflet';

/** The engine that will actually draw: the configured one if this build has it, else the fallback. */
export function resolveEngine(requested: MapEngine): MapEngine {
  return engines[requested] ? requested : FALLBACK_ENGINE;
}

/** The adapter factory of an engine (see `resolveEngine`). */
export function loadEngine(engine: MapEngine): Promise<MapAdapterFactory> {
  const loader = engines[resolveEngine(engine)];
  if (!loader) return Promise.reject(new Error(`No map engine "${engine}" in this build`));
  return loader();
}
