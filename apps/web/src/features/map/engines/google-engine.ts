// The Google Maps engine with its stylesheet: one chunk, loaded only when the map uses Google. Its
// script is loaded by the factory on first use, in the map's language.
import '@karta/map-google/style.css';

import {
  createGoogleMapFactory,
  type GoogleMapsScriptOptions,
  LOAD_TIMEOUT_MESSAGE,
  ScriptLoadError,
} from '@karta/map-google';
import type { EngineFailure, EngineSettings, LoadedEngine } from './engine-registry.ts';

/** Where the script comes from and how long it may take; tests point it at a local server. */
export type ScriptOverrides = Pick<GoogleMapsScriptOptions, 'url' | 'timeoutMs'>;

/** The time-out says "too long"; anything else (script error, a throwing adapter) is a failure. */
function failureOf(error: unknown): EngineFailure {
  if (error instanceof ScriptLoadError) return 'failed';
  return error instanceof Error && error.message === LOAD_TIMEOUT_MESSAGE ? 'timeout' : 'failed';
}

/** The Google engine with the deployment's script settings (key, client id, version, libraries). */
export function createGoogleEngine(
  settings: EngineSettings['google'],
  overrides: ScriptOverrides = {},
): LoadedEngine {
  const create = createGoogleMapFactory({
    key: settings?.apiKey ?? null,
    client: settings?.clientId ?? null,
    version: settings?.version ?? null,
    libraries: settings?.libraries ?? [],
    ...overrides,
  });
  return { create, failureOf };
}
