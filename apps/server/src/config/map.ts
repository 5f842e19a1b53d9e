import { availableParallelism } from 'node:os';
import { z } from 'zod';
import { integer, optionalText } from './values.ts';

const DEFAULT_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
// Text, not HTML: the map shows it as text and links the tile source's name itself.
const DEFAULT_TILE_ATTRIBUTION = '© OpenStreetMap contributors';

/** The default view (docs/product-rules.md §Map) and the zoom range both engines support with 256-px tiles. */
export const MAP_DEFAULTS = {
  defaultCenter: { lat: 45.8, lng: 16.0 },
  defaultZoom: 10,
  minZoom: 2,
  maxZoom: 18,
};

/**
 * Reader threads of the map index by default (map-index-service.ts): one for each core but the
 * main thread's, which serves every request's HTTP and database work; none on two cores or fewer,
 * where the main thread and the index's writer already keep both busy (a reader there added 50 to
 * 130 MB at a million places and no speed: decision 037).
 */
export function defaultIndexReaders(): number {
  const cores = availableParallelism();
  return cores <= 2 ? 0 : cores - 1;
}

/** The map the browser draws: its engine, Google's credentials, the open engine's tiles. */
export const MapEnv = z
  .object({
    MAP_ENGINE: optionalText.pipe(z.enum(['auto', 'leaflet', 'google']).optional()),
    GOOGLE_MAPS_API_KEY: optionalText,
    GOOGLE_MAPS_CLIENT_ID: optionalText,
    GOOGLE_MAPS_VERSION: optionalText,
    GOOGLE_MAPS_LIBRARIES: optionalText.transform((value, ctx) => {
      const libraries = (value ?? '')
        .split(',')
        .map((name) => name.trim())
        .filter(Boolean);
      if (libraries.some((name) => !/^[a-zA-Z_]+$/.test(name))) {
        ctx.addIssue({ code: 'custom', message: 'Expected a comma-separated list of library names' });
        return z.NEVER;
      }
      return libraries;
    }),
    TILE_URL: optionalText
      .transform((value) => value ?? DEFAULT_TILE_URL)
      .refine((value) => /^https?:\/\/[^\s/]+\/\S*$/i.test(value), {
        message: 'Expected an http(s) URL template',
      })
      .refine((value) => ['{z}', '{x}', '{y}'].every((part) => value.includes(part)), {
        message: 'The template must contain {z}, {x} and {y}',
      }),
    TILE_ATTRIBUTION: optionalText.transform((value) => value ?? DEFAULT_TILE_ATTRIBUTION),
    MAP_INDEX_READERS: integer(defaultIndexReaders(), 0, 256),
  })
  .transform((e) => {
    const hasGoogleCredentials = Boolean(e.GOOGLE_MAPS_API_KEY || e.GOOGLE_MAPS_CLIENT_ID);
    const engine: 'leaflet' | 'google' =
      e.MAP_ENGINE === 'auto' || !e.MAP_ENGINE ? (hasGoogleCredentials ? 'google' : 'leaflet') : e.MAP_ENGINE;
    return {
      map: {
        /** The engine the browser uses: `auto` is resolved here. */
        engine,
        ...MAP_DEFAULTS,
        tileUrl: e.TILE_URL,
        tileAttribution: e.TILE_ATTRIBUTION,
      },
      /** Threads that answer the map's reads from the index in shared memory (map-index-service.ts). */
      mapIndex: { readers: e.MAP_INDEX_READERS },
      google: {
        apiKey: e.GOOGLE_MAPS_API_KEY ?? null,
        clientId: e.GOOGLE_MAPS_CLIENT_ID ?? null,
        version: e.GOOGLE_MAPS_VERSION ?? null,
        libraries: e.GOOGLE_MAPS_LIBRARIES,
      },
    };
  });

export type MapConfig = z.output<typeof MapEnv>;

/**
 * Map settings that start but are probably not what the operator meant, to log at start: Google's
 * engine asked for without a key or client id (Google then refuses the map and Karta falls back
 * to the open map on every visit), or both a key and a client id (Google takes one or the other).
 */
export function mapWarnings(config: MapConfig): string[] {
  const warnings: string[] = [];
  const { apiKey, clientId } = config.google;
  if (config.map.engine === 'google' && !apiKey && !clientId) {
    warnings.push(
      'MAP_ENGINE=google without GOOGLE_MAPS_API_KEY or GOOGLE_MAPS_CLIENT_ID: Google will refuse the map and visitors get the open map after a failed load',
    );
  }
  if (apiKey && clientId) {
    warnings.push('Both GOOGLE_MAPS_API_KEY and GOOGLE_MAPS_CLIENT_ID are set: set one of them');
  }
  return warnings;
}
