import type { MapEvents, Viewport } from '@karta/map-core';
import {
  lazy,
  Suspense,
  useEffect,
  useImperativeHandle,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../../components/ui/spinner.tsx';
import { dismissFirstView, keepFirstViewOnlyOver } from '../../../../lib/first-view.ts';
import { resolveEngine } from '../../engines/engine-registry.ts';
import { MapErrorBanner } from '../map-error-banner.tsx';
import type { MapCanvasProps } from './map-canvas-types.ts';
import { useMapAdapter } from './use-map-adapter.ts';
import { useControlledView, useInfoWindow, useMapLayers, useReportedViews } from './use-map-layers.ts';

// Shown only by Google's engine after a language switch: off the first view.
const MapLanguageNote = lazy(async () => ({
  default: (await import('../map-language-note.tsx')).MapLanguageNote,
}));

/** Six decimals (~10 cm): enough for tests and tools reading `data-center`. */
function formatCenter({ lat, lng }: { lat: number; lng: number }): string {
  return `${Math.round(lat * 1e6) / 1e6},${Math.round(lng * 1e6) / 1e6}`;
}

/** Whether two language tags name the same language (`en` and `en-GB` do). */
function sameLanguage(a: string, b: string): boolean {
  const primary = (tag: string) => tag.toLowerCase().split('-')[0];
  return primary(a) === primary(b);
}

/**
 * The map, drawn by whichever engine the config names, behind the engine-neutral adapter. The
 * element carries `data-engine`, `data-zoom` and `data-center`, kept current as the map moves.
 */
export function MapCanvas(props: MapCanvasProps) {
  const { t } = useTranslation();
  const section = useRef<HTMLElement>(null);
  const engineContainer = useRef<HTMLDivElement>(null);
  const infoWindowOpen = useRef(false);
  const [shown, setShown] = useState<Viewport | null>(null);
  const reportedViews = useReportedViews();
  const engine = resolveEngine(props.engine);
  // The fallback notice the user closed (until the next try), and the UI language whose
  // label-language note they closed.
  const [fallbackDismissed, setFallbackDismissed] = useState(false);
  const [noteDismissedFor, setNoteDismissedFor] = useState<string | null>(null);

  // The engine's own controls and the map's Tab stop, named in the interface language.
  const zoomIn = t('map.zoomIn');
  const zoomOut = t('map.zoomOut');
  const keyboardMap = t('map.keyboardMap');
  const labels = useMemo(
    () => ({ ...props.labels, zoomIn, zoomOut, keyboardMap }),
    [props.labels, zoomIn, zoomOut, keyboardMap],
  );

  const events: MapEvents = {
    onViewportChange: (viewport) => {
      reportedViews.remember(viewport);
      setShown(viewport);
      props.onViewportChange?.(viewport);
    },
    onClusterClick: (cluster) => props.onClusterClick?.(cluster),
    onMarkerClick: (id) => props.onMarkerClick?.(id),
    onMapClick: (position) => props.onMapClick?.(position),
    onPickerMove: (position) => props.onPickerMove?.(position),
    onInfoWindowClose: () => {
      infoWindowOpen.current = false;
      props.onInfoWindowClose?.();
    },
  };

  const {
    adapter,
    status,
    engine: drawnBy,
    fallback,
    retry,
  } = useMapAdapter(engineContainer, {
    engine,
    engineSettings: props.engineSettings,
    center: props.center,
    zoom: props.zoom,
    minZoom: props.minZoom,
    maxZoom: props.maxZoom,
    tileUrl: props.tileUrl,
    tileAttribution: props.tileAttribution,
    vectorBasemap: props.vectorBasemap ?? null,
    language: props.language,
    labels,
    events,
    keepToStartArea: props.keepToStartArea,
  });

  // Engines need not announce their first position: take it from the adapter once it is ready.
  const onViewportChange = useRef(props.onViewportChange);
  onViewportChange.current = props.onViewportChange;
  useEffect(() => {
    if (!adapter) return;
    const viewport = adapter.getViewport();
    setShown(viewport);
    onViewportChange.current?.(viewport);
  }, [adapter]);

  // A vector base map names towns and streets in the interface language, switched with it.
  useEffect(() => adapter?.setLanguage?.(props.language), [adapter, props.language]);

  // Google keeps the language its script was loaded in: after a language switch its own labels
  // (streets, towns) follow only after a reload; everything Karta draws follows at once.
  const labelLanguage = adapter?.labelLanguage ?? null;
  const labelsLag =
    labelLanguage !== null &&
    !sameLanguage(labelLanguage, props.language) &&
    noteDismissedFor !== props.language;

  const retryEngine = () => {
    setFallbackDismissed(false);
    retry();
  };

  // The home page's first view (the server's tiles over where this map lies, lib/first-view.ts)
  // stays until the engine has drawn, or goes at once when this map lies elsewhere.
  useLayoutEffect(() => keepFirstViewOnlyOver(section.current), []);
  useEffect(() => {
    if (status !== 'loading') dismissFirstView();
  }, [status]);

  useControlledView(adapter, props.center, props.zoom, reportedViews);
  useMapLayers(adapter, {
    clusters: props.clusters,
    markers: props.markers,
    circles: props.circles,
    picker: props.picker,
    labels,
  });
  useInfoWindow(adapter, props.infoWindow, infoWindowOpen);

  useImperativeHandle(
    props.ref,
    () => ({
      fitBounds: (bounds) => adapter?.fitBounds(bounds),
      setView: (center, zoom) => adapter?.setView(center, zoom),
      getViewport: () => adapter?.getViewport() ?? null,
    }),
    [adapter],
  );

  return (
    <section
      ref={section}
      aria-label={props.label}
      data-testid={props.testId ?? 'map'}
      data-engine={drawnBy}
      data-zoom={Math.round(shown?.zoom ?? props.zoom)}
      data-center={formatCenter(shown?.center ?? props.center)}
      className={`relative isolate overflow-hidden bg-gray-200 ${props.className ?? 'h-[400px] w-full'}`}
    >
      <div ref={engineContainer} className="absolute inset-0" />
      {status === 'loading' && (
        <div className="absolute inset-0 z-[1000] flex items-center justify-center gap-3 bg-gray-100 text-sm text-gray-700">
          <Spinner className="size-5 text-blue-700" />
          <span role="status">{t('map.loading')}</span>
        </div>
      )}
      {status === 'error' && <MapErrorBanner message={t('map.engineFailed')} onRetry={retryEngine} />}
      {status === 'ready' && fallback && !fallbackDismissed && (
        <MapErrorBanner
          message={t(fallback === 'timeout' ? 'map.fallbackTimeout' : 'map.fallbackFailed')}
          onRetry={retryEngine}
          onDismiss={() => setFallbackDismissed(true)}
        />
      )}
      {status === 'ready' && labelsLag && (
        <Suspense fallback={null}>
          <MapLanguageNote
            onReload={() => window.location.reload()}
            onDismiss={() => setNoteDismissedFor(props.language)}
          />
        </Suspense>
      )}
      {status === 'ready' && props.children}
    </section>
  );
}
