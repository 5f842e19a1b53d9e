import type {
  Bounds,
  GeocodeAnswer,
  GeocodeItem,
  GeocodeQuery,
  OfflineTown,
  ReverseGeocodeAnswer,
  ReverseGeocodeQuery,
} from '@karta/contracts';
import type { GeocoderConfig } from '../config/geocoder.ts';
import type { Queryable } from '../db/database.ts';
import { coarsen } from './address-label.ts';
import { builtinSource } from './builtin-source.ts';
import { type BuiltinTowns, builtinTowns, GEONAMES_ATTRIBUTION } from './builtin-towns.ts';
import { cacheKey, geocodeCache } from './geocode-cache.ts';
import { GeocoderUnavailableError, type GeocodeSource } from './geocode-source.ts';
import { nominatimSource } from './nominatim.ts';
import { photonSource } from './photon.ts';
import { requestPace } from './request-pace.ts';

/** How long an answer may take, queue and provider included: past it, 503 (within 5 s). */
const ANSWER_WITHIN_MS = 4_500;
/** The public Nominatim's limit for a whole site. */
const PUBLIC_NOMINATIM_INTERVAL_MS = 1_000;
const DEFAULT_LIMIT = 5;
/** `near` is rounded to ~1 km before it is sent, so people looking at the same area share answers. */
const NEAR_DECIMALS = 2;

export interface Geocoder {
  readonly attribution: string;
  /** The public Nominatim forbids searching as a person types: the web app searches on Enter. */
  readonly searchOnEnterOnly: boolean;
  search(query: GeocodeQuery): Promise<GeocodeAnswer>;
  /** The address at a point, no more precise than asked; null when there is none. */
  reverse(query: ReverseGeocodeQuery): Promise<ReverseGeocodeAnswer | null>;
  /** Whether answers come from another service (so they cost calls, and are cached). */
  readonly remote: boolean;
  /** The least time between two calls of the service (the public Nominatim's second), else 0. */
  readonly intervalMs: number;
  /**
   * Where an imported row's address is: the best answer, null when none. `cached` asks nothing of
   * a remote service: undefined when it has not answered this address before.
   */
  locate(address: string, mode: 'ask' | 'cached'): Promise<GeocodeItem | null | undefined>;
  /**
   * The built-in towns and villages inside a box, whichever provider answers searches: an offline
   * pack carries them, so address search finds them with no network.
   */
  townsIn(box: Bounds, limit: number): Promise<OfflineTown[]>;
  /** Whose data those towns are. */
  readonly townsAttribution: string;
}

function sourceOf(config: NonNullable<GeocoderConfig>, db: Queryable, towns: BuiltinTowns): GeocodeSource {
  const { provider, url, countries, userAgent } = config;
  if (provider === 'builtin' || url === null) return builtinSource(db, towns);
  return provider === 'nominatim'
    ? nominatimSource({ url, countries, userAgent })
    : photonSource({ url, countries, userAgent });
}

/**
 * The site's geocoder (GEOCODER): its source, and around a remote one the database cache (30
 * days), one upstream call for identical requests in flight, the public Nominatim's pace, and the
 * time bound. Reverse answers are coarsened to the precision asked, whatever the source said.
 * Null when address search is off.
 */
export function createGeocoder(
  config: GeocoderConfig,
  db: Queryable,
  defaultLanguage: string,
): Geocoder | null {
  if (config === null) return null;
  /** An answer that is always asked for (never `cachedOnly`), so never undefined. */
  const answerOf = async <T>(keyParts: readonly unknown[], ask: (signal: AbortSignal) => Promise<T>) =>
    (await answer<T>(keyParts, ask)) as T;
  const towns = builtinTowns(config.countries);
  const source = sourceOf(config, db, towns);
  const cache = geocodeCache(db);
  const pace = config.publicNominatim ? requestPace(PUBLIC_NOMINATIM_INTERVAL_MS) : null;
  const inFlight = new Map<string, Promise<unknown>>();

  /**
   * `ask` under the time bound (and the pace), its answer cached when the source is remote. With
   * `cachedOnly`, a remote source is not asked: undefined when it has not answered this before.
   */
  async function answer<T>(
    keyParts: readonly unknown[],
    ask: (signal: AbortSignal) => Promise<T>,
    cachedOnly = false,
  ): Promise<T | undefined> {
    const deadline = Date.now() + ANSWER_WITHIN_MS;
    const signal = AbortSignal.timeout(ANSWER_WITHIN_MS);
    const bounded = () => (pace ? pace(() => ask(signal), deadline) : ask(signal));
    if (!source.remote) return bounded();
    const key = cacheKey([config?.provider, config?.url, config?.countries, ...keyParts]);
    const cached = await cache.read<T>(key);
    if (cached) return cached.answer;
    if (cachedOnly) return undefined;
    const running = inFlight.get(key) as Promise<T> | undefined;
    if (running) return running;
    const call = bounded().then(async (fresh) => {
      // A cache that cannot be written (a full disk, a read-only database) costs the next call only.
      await cache.store(key, fresh).catch(() => undefined);
      return fresh;
    });
    inFlight.set(key, call);
    try {
      return await call;
    } catch (error) {
      throw error instanceof GeocoderUnavailableError ? error : new GeocoderUnavailableError();
    } finally {
      inFlight.delete(key);
    }
  }

  return {
    attribution: source.attribution,
    searchOnEnterOnly: config.publicNominatim,
    remote: source.remote,
    intervalMs: pace ? PUBLIC_NOMINATIM_INTERVAL_MS : 0,
    async search({ q, near, limit = DEFAULT_LIMIT, lang }) {
      const request = {
        q: q.trim(),
        near: near && {
          lat: Number(near.lat.toFixed(NEAR_DECIMALS)),
          lng: Number(near.lng.toFixed(NEAR_DECIMALS)),
        },
        limit,
        language: lang ?? defaultLanguage,
      };
      const items = await answerOf<GeocodeItem[]>(
        ['search', request.q.toLowerCase(), request.near, request.limit, request.language],
        (signal) => source.search(request, signal),
      );
      return { items, attribution: source.attribution };
    },
    async reverse({ lat, lng, precision = 'exact', lang }) {
      const request = { lat, lng, precision, language: lang ?? defaultLanguage };
      const item = await answerOf<GeocodeItem | null>(
        ['reverse', lat, lng, precision, request.language],
        (signal) => source.reverse(request, signal),
      );
      return item && { ...coarsen(item, precision), attribution: source.attribution };
    },
    townsIn: (box, limit) => towns.inBox(box, limit),
    townsAttribution: GEONAMES_ATTRIBUTION,
    async locate(address, mode) {
      const request = { q: address.trim(), limit: 1, language: defaultLanguage };
      const items = await answer<GeocodeItem[]>(
        ['search', request.q.toLowerCase(), undefined, request.limit, request.language],
        (signal) => source.search(request, signal),
        mode === 'cached',
      );
      return items === undefined ? undefined : (items[0] ?? null);
    },
  };
}
