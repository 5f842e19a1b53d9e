import { useTranslation } from 'react-i18next';
import { useRuntimeConfig } from '../../../config/runtime-config.ts';
import type { MapCanvasProps } from '../components/map-canvas/map-canvas-types.ts';

/**
 * What every map takes from the deployment and the UI language — the engine and its settings,
 * the zoom limits, the tiles — so each page's `MapCanvas` passes only what is its own.
 */
export function useMapEngineProps(): Pick<
  MapCanvasProps,
  | 'engine'
  | 'engineSettings'
  | 'minZoom'
  | 'maxZoom'
  | 'tileUrl'
  | 'tileAttribution'
  | 'vectorBasemap'
  | 'language'
> {
  const config = useRuntimeConfig();
  const { i18n } = useTranslation();
  return {
    engine: config.mapEngine,
    engineSettings: config,
    minZoom: config.minZoom,
    maxZoom: config.maxZoom,
    tileUrl: config.tileUrl,
    tileAttribution: config.tileAttribution,
    vectorBasemap: config.basemap.kind === 'pmtiles' ? config.basemap : null,
    language: i18n.language,
  };
}
