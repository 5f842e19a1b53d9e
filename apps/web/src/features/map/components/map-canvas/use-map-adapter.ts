import type { MapEngine } from '@karta/contracts';
import type { MapAdapter, MapAdapterOptions, MapEvents } from '@karta/map-core';
import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { reportError } from '../../../../lib/sentry/report-error.ts';
import {
  type EngineFailure,
  type EngineSettings,
  FALLBACK_ENGINE,
  forgetFailure,
  knownFailure,
  type LoadedEngine,
  loadEngine,
  rememberFailure,
} from '../../engines/engine-registry.ts';

/** What the engine is created with (everything but its container), which engine, and its settings. */
type AdapterSettings = Omit<MapAdapterOptions, 'container'> & {
  engine: MapEngine;
  engineSettings: EngineSettings;
};

export type AdapterStatus = 'loading' | 'ready' | 'error';

export interface MapAdapterState {
  adapter: MapAdapter | null;
  status: AdapterStatus;
  /** The engine that draws (or is being loaded): the fallback's name while it stands in. */
  engine: MapEngine;
  /** Why the requested engine failed, while the fallback engine draws instead; else null. */
  fallback: EngineFailure | null;
}

/** One engine's try: a map in its own element, or why not; null when the effect was cancelled. */
type Attempt =
  | { ok: true; adapter: MapAdapter; host: HTMLElement }
  | { ok: false; error: unknown; failure: EngineFailure }
  | null;

/** Milliseconds since `start`, whole. */
function since(start: number): number {
  return Math.round(performance.now() - start);
}

/**
 * Creates the map engine's adapter in `container` and destroys it on unmount. When the requested
 * engine fails (Google's script timed out or errored), the failure is reported with the engine and
 * how long it took, and the fallback engine draws in the same container so the page keeps working.
 * Position, labels and callbacks are read when the map is created (and through a ref afterwards),
 * so later changes never rebuild the map; `retry` destroys what stands in and tries the requested
 * engine again.
 */
export function useMapAdapter(container: RefObject<HTMLElement | null>, settings: AdapterSettings) {
  const [state, setState] = useState<MapAdapterState>(() => ({
    adapter: null,
    status: 'loading',
    engine: settings.engine,
    fallback: null,
  }));
  const [attempt, setAttempt] = useState(0);
  const latest = useRef(settings);
  latest.current = settings;

  const { engine, minZoom, maxZoom, tileUrl, tileAttribution, vectorBasemap } = settings;
  // Compared by value: the config's object is new with each read, the base map is not.
  const basemapKey = vectorBasemap ? JSON.stringify(vectorBasemap) : '';

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    // `attempt` is a dependency so Retry re-runs this effect; `basemapKey` stands for the base
    // map, read through `latest`.
    void attempt;
    void basemapKey;
    let cancelled = false;
    let shown: { adapter: MapAdapter; host: HTMLElement } | null = null;
    setState({ adapter: null, status: 'loading', engine, fallback: null });

    const events: MapEvents = {
      onViewportChange: (viewport) => latest.current.events.onViewportChange(viewport),
      onClusterClick: (cluster) => latest.current.events.onClusterClick(cluster),
      onMarkerClick: (id) => latest.current.events.onMarkerClick(id),
      onMapClick: (position) => latest.current.events.onMapClick?.(position),
      onPickerMove: (position) => latest.current.events.onPickerMove?.(position),
      onInfoWindowClose: () => latest.current.events.onInfoWindowClose(),
      // The requested engine gave up after drawing (Google refused the key): the fallback takes over.
      onEngineFailure: (error) => {
        if (cancelled || !shown || shown.adapter.engine !== engine || engine === FALLBACK_ENGINE) return;
        reportError(error, { mapEngine: engine, durationMs: since(started) });
        rememberFailure(engine, 'failed');
        shown.adapter.destroy();
        shown.host.remove();
        shown = null;
        setState({ adapter: null, status: 'loading', engine, fallback: null });
        void fallBack('failed');
      },
    };

    // Each engine draws into an element of its own, removed with it: whatever a failed engine left
    // behind never reaches the next one, and Retry starts from a clean container.
    async function tryEngine(name: MapEngine, into: HTMLElement): Promise<Attempt> {
      const host = document.createElement('div');
      host.style.position = 'absolute';
      host.style.inset = '0';
      into.append(host);
      let loaded: LoadedEngine | null = null;
      try {
        loaded = await loadEngine(name, latest.current.engineSettings);
        if (cancelled) {
          host.remove();
          return null;
        }
        const { center, zoom, language, labels } = latest.current;
        const adapter = await loaded.create({
          container: host,
          center,
          zoom,
          minZoom,
          maxZoom,
          tileUrl,
          tileAttribution,
          vectorBasemap: latest.current.vectorBasemap,
          language,
          labels,
          events,
          keepToStartArea: latest.current.keepToStartArea,
        });
        if (cancelled) {
          adapter.destroy();
          host.remove();
          return null;
        }
        return { ok: true, adapter, host };
      } catch (error) {
        host.remove();
        if (cancelled) return null;
        return { ok: false, error, failure: loaded ? loaded.failureOf(error) : 'failed' };
      }
    }

    /** Draws with the fallback engine, telling the user why the requested one is not drawing. */
    const fallBack = async (failure: EngineFailure): Promise<void> => {
      const fallbackStarted = performance.now();
      const fallback = await tryEngine(FALLBACK_ENGINE, element);
      if (!fallback) return;
      if (fallback.ok) {
        shown = fallback;
        setState({ adapter: fallback.adapter, status: 'ready', engine: FALLBACK_ENGINE, fallback: failure });
        return;
      }
      reportError(fallback.error, { mapEngine: FALLBACK_ENGINE, durationMs: since(fallbackStarted) });
      setState({ adapter: null, status: 'error', engine, fallback: null });
    };

    const started = performance.now();
    (async () => {
      const failedBefore = engine === FALLBACK_ENGINE ? null : knownFailure(engine);
      if (failedBefore) {
        // Failed earlier in this visit: the fallback draws at once instead of waiting again.
        await fallBack(failedBefore);
        return;
      }
      const requested = await tryEngine(engine, element);
      if (!requested) return;
      if (requested.ok) {
        shown = requested;
        setState({ adapter: requested.adapter, status: 'ready', engine, fallback: null });
        return;
      }
      reportError(requested.error, { mapEngine: engine, durationMs: since(started) });
      if (engine === FALLBACK_ENGINE) {
        setState({ adapter: null, status: 'error', engine, fallback: null });
        return;
      }
      rememberFailure(engine, requested.failure);
      await fallBack(requested.failure);
    })();

    return () => {
      cancelled = true;
      shown?.adapter.destroy();
      shown?.host.remove();
    };
  }, [container, engine, minZoom, maxZoom, tileUrl, tileAttribution, basemapKey, attempt]);

  const retry = useCallback(() => {
    forgetFailure(latest.current.engine);
    setAttempt((n) => n + 1);
  }, []);
  return { ...state, retry };
}
