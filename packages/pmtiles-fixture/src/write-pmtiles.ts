import type { FeatureCollection } from 'geojson';
import { writeArchive } from './archive.ts';
import { OSM_ATTRIBUTION, vectorLayers } from './metadata.ts';
import { sliceLayers } from './vector-tiles.ts';

export interface PmtilesOptions {
  /** The box the archive holds tiles of: west, south, east, north in degrees. */
  bounds: readonly [number, number, number, number];
  /** 0 unless set. */
  minZoom?: number;
  /** 12 unless set. */
  maxZoom?: number;
  /** The metadata's `attribution`; OpenStreetMap's credit unless set. */
  attribution?: string;
  /** The metadata's `name`. */
  name?: string;
  /** Entries per leaf directory, to force leaves; unset, leaves are made only when needed. */
  leafSize?: number;
}

/**
 * A PMTiles v3 archive of vector tiles (MVT, gzip, clustered) from one GeoJSON feature collection
 * per layer, sliced over the box at every zoom from `minZoom` to `maxZoom`.
 */
export function writePmtiles(
  layers: Readonly<Record<string, FeatureCollection>>,
  options: PmtilesOptions,
): Uint8Array {
  const minZoom = options.minZoom ?? 0;
  const maxZoom = options.maxZoom ?? 12;
  const tiles = sliceLayers(layers, { bounds: options.bounds, minZoom, maxZoom });
  return writeArchive(tiles, {
    bounds: options.bounds,
    minZoom,
    maxZoom,
    leafSize: options.leafSize,
    metadata: {
      name: options.name ?? 'Karta test base map',
      type: 'baselayer',
      attribution: options.attribution ?? OSM_ATTRIBUTION,
      vector_layers: vectorLayers(layers, minZoom, maxZoom),
    },
  });
}
