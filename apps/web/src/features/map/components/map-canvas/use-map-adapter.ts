import type { MapEngine } from '@karta/contracts';
import type { MapAdapter, MapAdapterOptions, MapEvents } from '@karta/map-core';
import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { reportError } from '../../../../lib/sentry/report-error.ts';
import { loadEngine } from '../../engines/engine-registry.ts';

/** What the engine is created with (everything but its container), and which engine. */
type AdapterSettings = Omit<MapAdapterOptions, 'container'> & { engine: MapEngine };

export type AdapterStatus = 'loading' | 'ready' | 'error';

/**
 * Creates the map engine's adapter in `container` and destroys it on unmount. Position, labels
 * and callbacks are read when the map is created (and through a ref afterwards), so later changes
 * never rebuild the map; `retry` tries again after a failed load.
 */
export function useMapAdapter(container: RefObject<HTMLElement | null>, settings: AdapterSettings) {
  const [adapter, setAdapter] = useState<MapAdapter | null>(null);
  const [status, setStatus] = useState<AdapterStatus>('loading');
  const [attempt, setAttempt] = useState(0);
  const latest = useRef(settings);
  latest.current = settings;

  const { engine, minZoom, maxZoom, tileUrl, tileAttribution } = settings;

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    // `attempt` is a dependency so Retry re-runs this effect.
    void attempt;
    let cancelled = false;
    let created: MapAdapter | null = null;
    setStatus('loading');
    setAdapter(null);

    const events: MapEvents = {
      onViewportChange: (viewport) => latest.current.events.onViewportChange(viewport),
      onClusterClick: (cluster) => latest.current.events.onClusterClick(cluster),
      onMarkerClick: (id) => latest.current.events.onMarkerClick(id),
      onMapClick: (position) => latest.current.events.onMapClick?.(position),
      onInfoWindowClose: () => latest.current.events.onInfoWindowClose(),
    };

    (async () => {
      try {
        const factory = await loadEngine(engine);
        if (cancelled) return;
        const { center, zoom, language, labels } = latest.current;
        const instance = await factory({
          container: element,
          center,
          zoom,
          minZoom,
          maxZoom,
          tileUrl,
          tileAttribution,
          language,
          labels,
          events,
        });
        if (cancelled) {
          instance.destroy();
          return;
        }
        created = instance;
        setAdapter(instance);
        setStatus('ready');
      } catch (error) {
        if (cancelled) return;
        reportError(error, { mapEngine: engine });
        setStatus('error');
      }
    })();

    return () => {
      cancelled = true;
      created?.destroy();
    };
  }, [container, engine, minZoom, maxZoom, tileUrl, tileAttribution, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { adapter, status, retry };
}
