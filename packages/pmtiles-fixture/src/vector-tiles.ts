import { fromGeojsonVt } from '@maplibre/vt-pbf';
import type { FeatureCollection } from 'geojson';
import GeoJSONVT from 'geojson-vt';
import type { TileInput } from './archive.ts';
import { tilesOfBox } from './tile-range.ts';

/** Vector tile coordinates per tile side, as the Mapbox Vector Tile specification's default. */
export const EXTENT = 4096;

export interface SliceOptions {
  bounds: readonly [number, number, number, number];
  minZoom: number;
  maxZoom: number;
}

type GeojsonVtTiles = Parameters<typeof fromGeojsonVt>[0];

/**
 * The encoded vector tiles (uncompressed) of every tile of the box from `minZoom` to `maxZoom`
 * that holds at least one feature of a layer: each layer sliced by geojson-vt, then the layers of
 * one tile encoded together.
 */
export function sliceLayers(
  layers: Readonly<Record<string, FeatureCollection>>,
  options: SliceOptions,
): TileInput[] {
  const indexes = Object.entries(layers).map(
    ([name, collection]) =>
      [
        name,
        new GeoJSONVT(collection, { maxZoom: options.maxZoom, extent: EXTENT, indexMaxZoom: 5 }),
      ] as const,
  );
  const tiles: TileInput[] = [];
  for (let z = options.minZoom; z <= options.maxZoom; z++) {
    for (const { x, y } of tilesOfBox(options.bounds, z)) {
      const parts: Record<string, { features: unknown[] }> = {};
      for (const [name, index] of indexes) {
        const tile = index.getTile(z, x, y);
        if (tile && tile.features.length > 0) parts[name] = tile;
      }
      if (Object.keys(parts).length === 0) continue;
      // geojson-vt's tiles are the shape vt-pbf reads (features of type, geometry and tags).
      const data = fromGeojsonVt(parts as unknown as GeojsonVtTiles, { version: 2, extent: EXTENT });
      tiles.push({ z, x, y, data });
    }
  }
  return tiles;
}
