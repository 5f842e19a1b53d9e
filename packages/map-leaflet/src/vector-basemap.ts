import type { VectorBasemap } from '@karta/map-core';
import L from 'leaflet';
import { leafletLayer } from 'protomaps-leaflet';

// protomaps-leaflet is written for a Leaflet loaded by a script tag: it builds its layer class on
// the global `L` when a layer is made. Ours is a module, so it is handed over once here.
const host = globalThis as { L?: typeof L };
host.L ??= L;

/**
 * The Protomaps flavour drawn: the light one, as the rest of Karta's interface, which has no dark
 * theme (decision 028).
 */
const FLAVOUR = 'light';

/**
 * The deployment's own base map as a Leaflet layer: its vector tiles drawn on canvas with the
 * Protomaps basemap style, towns and streets named in `language` where the tiles have the name
 * (else in the local name). Leaflet shows `attributionHtml` in the attribution box.
 */
export function vectorBasemapLayer(
  basemap: VectorBasemap,
  language: string,
  attributionHtml: string,
): L.Layer {
  return leafletLayer({
    url: basemap.tileUrl,
    flavor: FLAVOUR,
    lang: primaryLanguage(language),
    // Display zooms deeper than the archive's are drawn from its deepest tiles.
    maxDataZoom: basemap.maxZoom,
    attribution: attributionHtml,
  }) as unknown as L.Layer;
}

/** `hr` of `hr-HR`: the tiles name places by language (`name:hr`), not by region. */
export function primaryLanguage(tag: string): string {
  return tag.toLowerCase().split('-')[0] ?? tag;
}
