import type { ClientConfig, MapEngine } from '@karta/contracts';
import type { MapAdapterFactory } from '@karta/map-core';

/** What the engines need from the runtime config beyond the map options (Google's script settings). */
export type EngineSettings = Pick<ClientConfig, 'google'>;

/**
 * Why an engine could not draw, as the user is told: it did not appear in time, or it failed
 * (a script error, a failed chunk, an engine that threw while creating the map).
 */
export type EngineFailure = 'timeout' | 'failed';

/** An engine ready to create maps, and how it explains its own errors. */
export interface LoadedEngine {
  create: MapAdapterFactory;
  /** Sorts an error from `create` into what the user is told. */
  failureOf(error: unknown): EngineFailure;
}

/** Loads an engine's code (and its CSS) on first use, so only the engine in use is downloaded. */
export type EngineLoader = (settings: EngineSettings) => Promise<LoadedEngine>;

const failed = (): EngineFailure => 'failed';

/**
 * The engines this build can draw with, each in its own chunk. Feature code only ever sees the
 * `MapAdapter` interface and the engine's name.
 */
const builtIn: Record<MapEngine, EngineLoader> = {
  leaflet: () =>
    import('./leaflet-engine.ts').then((module) => ({ create: module.createLeafletMap, failureOf: failed })),
  google: (settings) =>
    import('./google-engine.ts').then((module) => module.createGoogleEngine(settings.google)),
};

const engines: Partial<Record<MapEngine, EngineLoader>> = { ...builtIn };

/** The engine used when the configured one is not in this build, or fails to load. */
export const FALLBACK_ENGINE: MapEngine = 'leaflet';

/** The engine that will actually draw: the configured one if this build has it, else the fallback. */
export function resolveEngine(requested: MapEngine): MapEngine {
  return engines[requested] ? requested : FALLBACK_ENGINE;
}

/** The engine's code, ready to create maps (see `resolveEngine`). */
export function loadEngine(engine: MapEngine, settings: EngineSettings): Promise<LoadedEngine> {
  const loader = engines[resolveEngine(engine)];
  if (!loader) return Promise.reject(new Error(`No map engine "${engine}" in this build`));
  return loader(settings);
}

/**
 * Engines that failed in this page visit, and how: a map shown later (another page, back again)
 * goes straight to the fallback instead of waiting for the same failure, until a Retry.
 */
const failures = new Map<MapEngine, EngineFailure>();

/** Notes that `engine` failed in this page visit. */
export function rememberFailure(engine: MapEngine, failure: EngineFailure): void {
  failures.set(engine, failure);
}

/** How `engine` failed earlier in this page visit, or null. */
export function knownFailure(engine: MapEngine): EngineFailure | null {
  return failures.get(engine) ?? null;
}

/** Forgets a failure, so the next map tries the engine again (Retry). */
export function forgetFailure(engine: MapEngine): void {
  failures.delete(engine);
}

/**
 * Replaces how one engine is loaded, for tests (e.g. Google's script from a local server, or a
 * recording engine); returns the function that puts the built-in loader back.
 */
export function replaceEngineLoader(engine: MapEngine, loader: EngineLoader): () => void {
  engines[engine] = loader;
  // A new loader starts with no history, as a new page visit does.
  failures.delete(engine);
  return () => {
    engines[engine] = builtIn[engine];
    failures.delete(engine);
  };
}
