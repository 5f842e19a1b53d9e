import type { EndpointName } from '@karta/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { BucketLimit, CounterStore } from '../limits/counter-store.ts';
import { createMemoryCounterStore } from '../limits/memory-counter-store.ts';
import { clientKey } from './client-address.ts';
import { rateLimitedError } from './rate-limit.ts';

/**
 * The expensive reads, limited per client address (decision 018). Measured from the web app, a
 * person panning and zooming sends at most ~10 map requests a second and a search box one
 * suggestion request per keystroke, so each figure leaves a wide margin; a script gets the steady
 * rate and is refused (429 with `Retry-After`) past its burst. Exports have their own limit.
 */
export const READ_LIMITS = {
  map: { perSecond: 50, burst: 200 },
  listPlaces: { perSecond: 10, burst: 50 },
  suggestPlaces: { perSecond: 20, burst: 60 },
  similarPlaces: { perSecond: 5, burst: 20 },
  // A person searches an address a few times a minute; a script is stopped before it costs the
  // site its share of a public geocoder (whose answers are cached for everyone anyway).
  geocode: { perSecond: 2, burst: 20 },
  // The place form asks once each time the pin stops moving.
  reverseGeocode: { perSecond: 2, burst: 20 },
  // Up to 20 000 places an answer, like an export's (30 a minute): a person saves a few areas now
  // and then, so a burst of 10 leaves room for retries; the steady rate stops a script.
  offlinePack: { perSecond: 0.5, burst: 10 },
  // Asked once before an area is saved; each walks up to 200 000 tile addresses in the archive.
  tilesSize: { perSecond: 0.5, burst: 10 },
} as const satisfies Partial<Record<EndpointName, BucketLimit>>;

export type LimitedRead = keyof typeof READ_LIMITS;

/**
 * The base map's tiles (GET /tiles/{z}/{x}/{y}.mvt), per client address: a map view loads a few
 * dozen at a time and saving an area a few thousand, six at once, each read in well under a
 * millisecond from the archive. The burst lets a saved area's download through; the steady rate
 * stops a script copying the whole archive tile by tile.
 */
export const TILE_LIMIT: BucketLimit = { perSecond: 100, burst: 2000 };

export const isLimitedRead = (name: string): name is LimitedRead => name in READ_LIMITS;

/**
 * The `onRequest` hook of a limited read's route, its figures multiplied by `scale()`
 * (`READ_RATE_LIMIT_SCALE`, read when the first request comes; 0 turns the limit off).
 */
export function readLimitHook(name: LimitedRead, scale: () => number) {
  return bucketLimitHook(name, READ_LIMITS[name], scale);
}

/**
 * The `onRequest` hook of a route limited per client by `limit`, named `name` in the log and in
 * the store the app counts in (`app.counters`, RATE_LIMIT_STORE).
 */
export function bucketLimitHook(name: string, limit: BucketLimit, scale: () => number) {
  let scaled: BucketLimit | null | undefined;
  // An app without the services (a route tried on its own) counts in memory, as before.
  let ownCounters: CounterStore | undefined;
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (scaled === undefined) {
      const factor = scale();
      const { perSecond, burst } = limit;
      scaled = factor > 0 ? { perSecond: perSecond * factor, burst: Math.max(1, burst * factor) } : null;
    }
    if (scaled === null) return;
    if (!request.server.hasDecorator('counters')) ownCounters ??= createMemoryCounterStore();
    const counters = ownCounters ?? request.server.counters;
    const wait = await counters.take(`read:${name}`, clientKey(request), scaled);
    if (wait === 0) return;
    // The route only: the key is a client address, which does not belong in a log.
    request.log.warn({ limit: name }, 'rate limit reached');
    reply.header('retry-after', wait);
    throw rateLimitedError(wait);
  };
}
