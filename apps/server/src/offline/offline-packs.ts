import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { finished } from 'node:stream/promises';
import { constants, createBrotliCompress } from 'node:zlib';
import type { OfflinePackQuery } from '@karta/contracts';
import type { CategoryRepository } from '../categories/category-repository.ts';
import type { Queryable } from '../db/database.ts';
import { BROTLI_OPTIONS } from '../http/compression.ts';
import { namesEtag } from '../http/etag.ts';
import { anyChangeSince, currentPosition } from '../map-index/change-log.ts';
import type { HoursSettings } from '../opening-hours/open-state.ts';
import type { PlaceFieldFilter } from '../places/field-filters.ts';
import type { PlaceRepository } from '../places/place-repository.ts';
import { offlinePackChunks, PACKED_PLACE_BYTES, type TownsInBox } from './offline-pack.ts';
import { PackBytes } from './pack-bytes.ts';

/**
 * Packs built at once in this process; one more is answered 503 `server_busy`. A build is about a
 * second of CPU for 20 000 places and reads the database page by page: six at once took a core
 * and 2 GB, and a place read went from 5 to 201 ms. Two let a second person's save start while
 * one runs, and leave the other core (and PGlite's one connection, between pages) to every
 * other request (decision 024, "Offline packs: two built at a time, kept while nothing changes").
 */
export const MAX_PACK_BUILDS = 2;
/** How long a client told the builds are busy is asked to wait: about one build. */
export const PACK_BUSY_RETRY_AFTER_S = 2;
/**
 * Finished packs kept, counted by their compressed size (a pack of 20 000 places is about 1 MB
 * with brotli): the least recently asked go first.
 */
export const PACK_CACHE_BYTES = 32 * 1024 * 1024;
/**
 * How long a finished pack may be handed out again. A pack's hours cover the week from its
 * `savedAt`, so a kept one covers at least that week less this; and its `openState`s and `stale`
 * flags are those of `savedAt`, which the pack says.
 */
export const PACK_MAX_AGE_MS = 10 * 60 * 1000;
/**
 * The share of the server's time that building packs may take: the steps of all packs (a page of
 * places read and written, in the end the hours) run one at a time, each followed by a pause as
 * long as it took. So the event loop, and PGlite's one connection, which serves every request in
 * turn, are free at least half the time, and a request that finds them busy waits for one page at
 * most. A pack alone takes about twice as long (20 000 places: 1.1–1.6 s on PostgreSQL, 2.5–3.4 s
 * on PGlite); a place read stays about within 2× of its quiet time while six clients ask for packs
 * (docs/performance.md, "Offline packs under load").
 */
export const PACK_TIME_SHARE = 0.5;

/** One pack: its bytes (compressed with brotli), and what it was read from. */
export interface Pack {
  /** Weak: the same pack whatever its content coding. */
  etag: string;
  savedAt: Date;
  bytes: PackBytes;
}

interface Entry extends Pack {
  key: string;
  /** `pg_current_snapshot()` before the pack's first read: any place change committed since is newer. */
  snapshot: string;
  /** The categories it holds, as JSON: any category change makes them differ. */
  categories: string;
  /** Settles once the pack is past what can still be refused (the 422 of too large a box, its first page). */
  started: Promise<void>;
}

export type PackAnswer =
  | { kind: 'pack'; pack: Pack }
  /** `If-None-Match` names the pack the client would get: 304. */
  | { kind: 'not-modified'; pack: Pack }
  /** As many packs are being built as may be: 503 with `Retry-After`. */
  | { kind: 'busy' };

export interface OfflinePacksOptions {
  maxBuilds?: number;
  cacheBytes?: number;
  maxAgeMs?: number;
  /** See PACK_TIME_SHARE: 1 builds at full speed, several packs side by side. */
  timeShare?: number;
}

/**
 * Runs steps one at a time, each followed by a pause that leaves whatever they use to others for
 * `1 / share - 1` times as long as the step took (the caller has its answer before the pause).
 * A share of 1 or more runs them as they come, side by side.
 */
export function pacedSteps(share: number) {
  if (share >= 1) return <T>(step: () => Promise<T>) => step();
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(step: () => Promise<T>): Promise<T> => {
    let rest = 0;
    const run = tail.then(async () => {
      const started = performance.now();
      try {
        return await step();
      } finally {
        rest = (performance.now() - started) * (1 / share - 1);
      }
    });
    const pause = () => new Promise((resume) => setTimeout(resume, rest));
    tail = run.then(pause, pause);
    return run;
  };
}

/**
 * What a pack is asked for: the query, with its `f.<key>` filters read against the categories
 * (resolveFieldFilters: the route reads them, so a bad one is its 400 before any pack work).
 */
export type PackRequest = OfflinePackQuery & { fieldFilters?: readonly PlaceFieldFilter[] };

/** A set's values in one order, once each (numbers and text apart, as the filters compare them). */
const sortedSet = (values: readonly (string | number)[]) =>
  [...new Set(values)].sort((a, b) =>
    typeof a === typeof b ? (a < b ? -1 : a > b ? 1 : 0) : typeof a === 'number' ? -1 : 1,
  );

/**
 * The same box, categories and field filters, however they were listed: the filters by their
 * typed values (`f.level=2` and `f.level=02` are one filter), so two requests share a pack
 * exactly when they would read the same places.
 */
function keyOf(request: PackRequest): string {
  const { west, south, east, north } = request.bbox;
  const filters = [...(request.fieldFilters ?? [])]
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .map(({ key, anyOf, min, max }) => [key, anyOf ? sortedSet(anyOf) : null, min ?? null, max ?? null]);
  return JSON.stringify([west, south, east, north, [...new Set(request.category ?? [])].sort(), filters]);
}

/**
 * Offline packs with bounded work (decision 024): at most `maxBuilds` built at once, each
 * streamed as it is read (one page of places in memory, the event loop handed over between
 * pages) into brotli, whose bytes every answer for that pack reads; finished packs are kept, up
 * to `cacheBytes` and `maxAgeMs`, and handed out again while no place and no category has
 * changed since the pack's first read. A request for a pack being built shares that build.
 * Hours are read with `deps.hours`, the app's settings (config.hours).
 */
export function createOfflinePacks(
  deps: {
    database: Queryable;
    places: PlaceRepository;
    categories: CategoryRepository;
    hours: HoursSettings;
    /** The built-in towns a pack carries; null when the site's address search is off. */
    towns?: TownsInBox | null;
  },
  options: OfflinePacksOptions = {},
) {
  const maxBuilds = options.maxBuilds ?? MAX_PACK_BUILDS;
  const cacheBytes = options.cacheBytes ?? PACK_CACHE_BYTES;
  const maxAgeMs = options.maxAgeMs ?? PACK_MAX_AGE_MS;
  const paced = pacedSteps(options.timeShare ?? PACK_TIME_SHARE);
  /** Finished packs by key, the least recently asked first (a Map keeps insertion order). */
  const kept = new Map<string, Entry>();
  let keptBytes = 0;
  /** Packs being built, by key. */
  const building = new Map<string, Entry>();
  let builds = 0;

  const forget = (entry: Entry) => {
    if (kept.get(entry.key) !== entry) return;
    kept.delete(entry.key);
    keptBytes -= entry.bytes.size;
  };

  /** Whether `entry` is what a build now would give: recent, and nothing changed since its first read. */
  async function stillCurrent(entry: Entry): Promise<boolean> {
    if (Date.now() - entry.savedAt.getTime() > maxAgeMs) return false;
    const [changed, categories] = await Promise.all([
      anyChangeSince(deps.database, entry.snapshot),
      deps.categories.list(),
    ]);
    return !changed && JSON.stringify(categories) === entry.categories;
  }

  function keep(entry: Entry) {
    const now = Date.now();
    for (const old of [...kept.values()]) if (now - old.savedAt.getTime() > maxAgeMs) forget(old);
    const other = kept.get(entry.key);
    // A build that began before the kept one (which found it out of date) is older still.
    if (entry.bytes.size > cacheBytes || (other && other.savedAt > entry.savedAt)) return;
    if (other) forget(other);
    while (keptBytes + entry.bytes.size > cacheBytes) {
      const oldest = kept.values().next().value;
      if (!oldest) break;
      forget(oldest);
    }
    kept.set(entry.key, entry);
    keptBytes += entry.bytes.size;
  }

  /**
   * Writes the pack's text into brotli, a piece at a time, handing the event loop over between
   * pieces; the pack is kept once finished. Settles `started` after the first page (or the end).
   */
  async function write(
    entry: Entry,
    { count, chunks }: Awaited<ReturnType<typeof offlinePackChunks>>,
    started: (error?: unknown) => void,
  ) {
    // Told about how large the pack will be, brotli compresses it as well streamed as whole.
    const sizeHint = Math.min(2 ** 30, (count + 1) * PACKED_PLACE_BYTES);
    const compressor = createBrotliCompress({
      ...BROTLI_OPTIONS,
      params: { ...BROTLI_OPTIONS.params, [constants.BROTLI_PARAM_SIZE_HINT]: sizeHint },
    });
    compressor.on('data', (part: Buffer) => entry.bytes.append(part));
    // Noted here, so an error between two writes is neither unhandled nor missed by the next.
    let failure: Error | undefined;
    compressor.on('error', (error) => {
      failure = error;
    });
    let pieces = 0;
    try {
      // Each step reads a page of places (the first, the pack's head; the last, its hours).
      for (let next = await paced(() => chunks.next()); !next.done; next = await paced(() => chunks.next())) {
        if (failure) throw failure;
        if (!compressor.write(next.value)) await once(compressor, 'drain');
        pieces += 1;
        // The first piece is the pack's head, the second its first page of places.
        if (pieces === 2) started();
        await new Promise((resume) => setImmediate(resume));
      }
      compressor.end();
      await finished(compressor);
      entry.bytes.finish();
      started();
      keep(entry);
    } catch (error) {
      compressor.destroy();
      void chunks.return(undefined).catch(() => undefined);
      // Answers reading it are cut short (their routes log it); a failure before the start is answered.
      entry.bytes.fail(error);
      started(error);
    }
  }

  /** Starts a build of `request` (a slot is free); resolves once it has started, or throws why not. */
  async function build(key: string, request: PackRequest): Promise<Entry> {
    builds += 1;
    let settle!: (error?: unknown) => void;
    const started = new Promise<void>((resolve, reject) => {
      let settled = false;
      settle = (error) => {
        if (settled) return;
        settled = true;
        if (error === undefined) resolve();
        else reject(error);
      };
    });
    // Awaited by whoever joins; a failure before the start is the requester's to answer.
    started.catch(() => undefined);
    const entry: Entry = {
      key,
      etag: `W/"${randomUUID()}"`,
      // Taken before any read: every change the pack misses is later than the time it claims.
      savedAt: new Date(),
      bytes: new PackBytes(),
      snapshot: '',
      categories: '',
      started,
    };
    building.set(key, entry);
    const done = () => {
      if (building.get(key) === entry) building.delete(key);
      builds -= 1;
    };
    try {
      const position = await currentPosition(deps.database);
      const categories = await deps.categories.list();
      entry.snapshot = position.snapshot;
      entry.categories = JSON.stringify(categories);
      const text = await offlinePackChunks(deps.places, request, {
        savedAt: entry.savedAt,
        categories,
        hours: deps.hours,
        fieldFilters: request.fieldFilters,
        towns: deps.towns,
      });
      void write(entry, text, settle).finally(done);
    } catch (error) {
      entry.bytes.fail(error);
      settle(error);
      done();
    }
    await started;
    return entry;
  }

  return {
    /**
     * The pack of `request`: a kept one while current (or 304 when `ifNoneMatch` names it), the
     * one being built, else a new build when a slot is free, else busy.
     */
    async get(request: PackRequest, ifNoneMatch?: string): Promise<PackAnswer> {
      const key = keyOf(request);
      const keptPack = kept.get(key);
      if (keptPack) {
        if (await stillCurrent(keptPack)) {
          // Now the most recently asked (unless another took its place meanwhile).
          if (kept.get(key) === keptPack) {
            kept.delete(key);
            kept.set(key, keptPack);
          }
          return { kind: namesEtag(ifNoneMatch, keptPack.etag) ? 'not-modified' : 'pack', pack: keptPack };
        }
        forget(keptPack);
      }
      const running = building.get(key);
      if (running) {
        // Its failure before the start is this request's answer too (the same query).
        await running.started;
        if (!running.bytes.failed && (await stillCurrent(running))) return { kind: 'pack', pack: running };
      }
      if (builds >= maxBuilds) return { kind: 'busy' };
      return { kind: 'pack', pack: await build(key, request) };
    },

    /** Builds running now, and the packs kept and their bytes (for tests and logs). */
    stats() {
      return { building: builds, kept: kept.size, keptBytes };
    },
  };
}

export type OfflinePacks = ReturnType<typeof createOfflinePacks>;
