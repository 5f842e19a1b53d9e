import type { Feature, FeatureCollection, Geometry, Position } from 'geojson';
import { writePmtiles } from './write-pmtiles.ts';

/**
 * A small base map around Zagreb, the demo data's city and the map's default centre (45.8, 16.0),
 * drawn roughly by hand. Its layers and properties follow the Protomaps basemap schema (`earth`,
 * `water`, `landuse`, `roads`, `places` with their `kind`s), so the Protomaps light and dark
 * flavours draw it as they draw a real extract.
 */
export const ZAGREB_BOUNDS = [15.75, 45.65, 16.25, 45.95] as const;

type Props = Record<string, string | number>;

const feature = (geometry: Geometry, properties: Props): Feature => ({
  type: 'Feature',
  geometry,
  properties,
});
const collection = (features: Feature[]): FeatureCollection => ({ type: 'FeatureCollection', features });

const box = (west: number, south: number, east: number, north: number): Position[][] => [
  [
    [west, south],
    [east, south],
    [east, north],
    [west, north],
    [west, south],
  ],
];

/** A river `halfWidth` degrees either side of its line, as a polygon. */
function riverPolygon(line: Position[], halfWidth: number): Position[][] {
  const north = line.map(([lng, lat]) => [lng as number, (lat as number) + halfWidth]);
  const south = line.map(([lng, lat]) => [lng as number, (lat as number) - halfWidth]).reverse();
  const first = north[0] as Position;
  return [[...north, ...south, first]];
}

const SAVA: Position[] = [
  [15.7, 45.845],
  [15.82, 45.805],
  [15.88, 45.787],
  [15.93, 45.778],
  [15.97, 45.786],
  [16.0, 45.791],
  [16.05, 45.776],
  [16.1, 45.758],
  [16.15, 45.73],
  [16.3, 45.69],
];

const earth = collection([
  feature({ type: 'Polygon', coordinates: box(15.7, 45.6, 16.3, 46.0) }, { kind: 'earth' }),
]);

const water = collection([
  feature(
    { type: 'Polygon', coordinates: riverPolygon(SAVA, 0.0018) },
    { kind: 'water', kind_detail: 'river', name: 'Sava', min_zoom: 0 },
  ),
  feature(
    { type: 'Polygon', coordinates: box(15.908, 45.779, 15.934, 45.785) },
    { kind: 'lake', name: 'Jarun', min_zoom: 9 },
  ),
  feature(
    { type: 'Polygon', coordinates: box(15.986, 45.78, 15.995, 45.7835) },
    { kind: 'lake', name: 'Bundek', min_zoom: 11 },
  ),
]);

const landuse = collection([
  feature(
    { type: 'Polygon', coordinates: box(16.005, 45.822, 16.03, 45.835) },
    { kind: 'park', name: 'Maksimir' },
  ),
  feature(
    { type: 'Polygon', coordinates: box(15.85, 45.875, 16.1, 45.95) },
    { kind: 'forest', name: 'Medvednica' },
  ),
]);

const road = (coordinates: Position[], properties: Props): Feature =>
  feature({ type: 'LineString', coordinates }, properties);

const roads = collection([
  road(
    [
      [15.7, 45.8],
      [15.85, 45.765],
      [15.95, 45.74],
      [16.05, 45.745],
      [16.12, 45.77],
      [16.3, 45.78],
    ],
    { kind: 'highway', kind_detail: 'motorway', name: 'A3', ref: 'A3', min_zoom: 5 },
  ),
  road(
    [
      [15.88, 45.8],
      [15.93, 45.815],
      [15.977, 45.813],
    ],
    { kind: 'major_road', kind_detail: 'primary', name: 'Ilica', min_zoom: 9 },
  ),
  road(
    [
      [15.93, 45.802],
      [16.03, 45.802],
    ],
    { kind: 'major_road', kind_detail: 'primary', name: 'Vukovarska avenija', min_zoom: 9 },
  ),
  road(
    [
      [15.965, 45.813],
      [15.965, 45.776],
    ],
    { kind: 'major_road', kind_detail: 'secondary', name: 'Savska cesta', min_zoom: 10 },
  ),
  road(
    [
      [16.0, 45.795],
      [16.04, 45.76],
      [16.075, 45.713],
    ],
    { kind: 'major_road', kind_detail: 'primary', name: 'Velikogorička cesta', min_zoom: 9 },
  ),
  road(
    [
      [15.977, 45.813],
      [16.03, 45.82],
      [16.112, 45.828],
    ],
    { kind: 'major_road', kind_detail: 'secondary', name: 'Maksimirska cesta', min_zoom: 10 },
  ),
  road(
    [
      [15.976, 45.814],
      [15.975, 45.82],
    ],
    { kind: 'minor_road', kind_detail: 'residential', name: 'Tkalčićeva ulica', min_zoom: 12 },
  ),
  road(
    [
      [15.977, 45.813],
      [15.978, 45.806],
    ],
    { kind: 'minor_road', kind_detail: 'residential', name: 'Praška ulica', min_zoom: 12 },
  ),
  road(
    [
      [15.97, 45.81],
      [15.985, 45.81],
    ],
    { kind: 'minor_road', kind_detail: 'residential', name: 'Teslina ulica', min_zoom: 12 },
  ),
]);

const locality = (
  lngLat: Position,
  name: string,
  detail: 'city' | 'town',
  population: number,
  populationRank: number,
  minZoom: number,
): Feature =>
  feature(
    { type: 'Point', coordinates: lngLat },
    {
      kind: 'locality',
      kind_detail: detail,
      name,
      'name:en': name,
      'name:hr': name,
      population,
      population_rank: populationRank,
      min_zoom: minZoom,
    },
  );

const places = collection([
  locality([15.977, 45.813], 'Zagreb', 'city', 767_131, 13, 3),
  locality([16.075, 45.713], 'Velika Gorica', 'town', 61_198, 9, 8),
  locality([16.112, 45.828], 'Sesvete', 'town', 54_085, 9, 9),
  locality([15.808, 45.856], 'Zaprešić', 'town', 23_751, 8, 9),
  locality([16.24, 45.805], 'Dugo Selo', 'town', 17_466, 8, 10),
]);

/** The base map's layers as GeoJSON, by Protomaps layer name. */
export const ZAGREB_LAYERS: Readonly<Record<string, FeatureCollection>> = {
  earth,
  water,
  landuse,
  roads,
  places,
};

/** The Zagreb base map as a PMTiles archive, zooms 0 to `maxZoom` (12 unless set). */
export function zagrebBasemap(options: { maxZoom?: number; minZoom?: number } = {}): Uint8Array {
  return writePmtiles(ZAGREB_LAYERS, {
    bounds: ZAGREB_BOUNDS,
    minZoom: options.minZoom ?? 0,
    maxZoom: options.maxZoom ?? 12,
    name: 'Karta demo base map (Zagreb)',
  });
}
