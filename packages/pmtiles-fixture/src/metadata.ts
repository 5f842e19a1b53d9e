import type { FeatureCollection } from 'geojson';

/** OpenStreetMap's data is under the ODbL, which asks for this credit. */
export const OSM_ATTRIBUTION = '© OpenStreetMap contributors';

interface VectorLayer {
  id: string;
  fields: Record<string, 'String' | 'Number' | 'Boolean'>;
  minzoom: number;
  maxzoom: number;
}

const fieldType = (value: unknown): VectorLayer['fields'][string] =>
  typeof value === 'number' ? 'Number' : typeof value === 'boolean' ? 'Boolean' : 'String';

/** TileJSON's `vector_layers`: each layer's name and the properties its features carry. */
export function vectorLayers(
  layers: Readonly<Record<string, FeatureCollection>>,
  minZoom: number,
  maxZoom: number,
): VectorLayer[] {
  return Object.entries(layers).map(([id, collection]) => {
    const fields: VectorLayer['fields'] = {};
    for (const feature of collection.features) {
      for (const [key, value] of Object.entries(feature.properties ?? {})) fields[key] = fieldType(value);
    }
    return { id, fields, minzoom: minZoom, maxzoom: maxZoom };
  });
}
