import type { MessagePort } from 'node:worker_threads';
import type {
  ClusterQuery,
  CountQuery,
  IndexChanges,
  IndexedPlace,
  IndexImage,
  LocationPrivacy,
  NearestQuery,
  NearHit,
  PlaceValue,
} from '@karta/map-core/clustering';
import type { WordChange, WordIndexImage } from '@karta/place-search';
import type { HoursSettings } from '../opening-hours/open-state.ts';
import type { RankedPage, RankedSearch } from '../places/published-search.ts';

/**
 * Messages between the main thread and the map-index worker. Places arrive as JSON text straight
 * from the database (see load-places.ts and change-log.ts), so the main thread never builds a
 * million objects; the worker parses them, builds the index and applies changes to it.
 */
export type MapIndexRequest =
  /**
   * Starts a build, dropping one under way: the current index answers until the build is done.
   * `shared`: built in shared memory, for readers (see map-index-reader.ts).
   */
  | { type: 'begin-build'; maxZoom: number; hours: HoursSettings; shared: boolean }
  /** A reader thread's end of a channel: the writer sends it each index it builds and its changes. */
  | { type: 'reader'; port: MessagePort }
  /** Drops the build under way (its load failed). */
  | { type: 'drop-build' }
  /** A page of places for the build, answered `staged` once added (the loader waits for it). */
  | { type: 'page'; id: number; json: string }
  /** Finishes the build and replaces the index with it. */
  | { type: 'build'; id: number }
  /** Inserts or moves the `upserts` (packed rows) and removes the `removals` (ids), both JSON. */
  | { type: 'apply'; id: number; upserts: string; removals: string }
  | IndexRead
  | IndexRead;

/**
 * A read of the map index that a reader thread answers as well as the writer: asked of a reader, it
 * is answered once the reader has caught up with `after` (the writer's state after the last change
 * the main thread saw applied), so a read after a write sees it.
 */
export type IndexRead = (
  | { type: 'query'; id: number; query: ClusterQuery }
  | { type: 'count'; id: number; query: CountQuery }
  | { type: 'nearest'; id: number; query: NearestQuery }
  /**
   * One viewport of the map of a set of matches (a search, a circle, a spot): answered by a
   * `result` whose JSON is the map's answer with `matches`, or `null` when the index leaves the
   * set to the database.
   */
  | { type: 'match-query'; id: number; match: MapMatch; query: ClusterQuery }
  /** A search as written among the published places, ranked (word-index.ts) and paged. */
  | { type: 'search'; id: number; query: RankedSearch }
) & { after?: IndexState };

/** Where the writer's index stands: the `build`-th index it built, after its first `changes` changes. */
export interface IndexState {
  build: number;
  changes: number;
}

/** From the writer to a reader, on their channel. */
export type ToReader =
  /** The writer's new index and its words (or the current ones, to a new reader): follow them. */
  | { type: 'follow'; build: number; image: IndexImage; words: WordIndexImage }
  /** The next changes of the index built `build`-th, and of its words up to the same moment. */
  | { type: 'changes'; build: number; changes: IndexChanges; words: WordChange[] }
  /** The writer is building a new index: let the old one go (queries wait for the new one). */
  | { type: 'drop' };

/** From a reader to the writer: how far it is, so the writer may reuse the slots it no longer reads. */
export type FromReader = { type: 'at' } & IndexState;

export type MapIndexResponse =
  | { type: 'staged'; id: number }
  | { type: 'built'; id: number; size: number; parseMs: number; buildMs: number; at: IndexState }
  /** `pendingChanges`: changes in the index's delta, not yet compacted into its sorted base. */
  | { type: 'applied'; id: number; size: number; pendingChanges: number; applyMs: number; at: IndexState }
  /** A query's answer as JSON text, encoded here so the main thread only sends it on. */
  | { type: 'result'; id: number; json: string }
  | { type: 'counted'; id: number; count: number }
  /** A nearest-first page: its places and distances, whether more follow, their total if asked. */
  | { type: 'near'; id: number; hits: NearHit[]; more: boolean; total?: number }
  /** A ranked page; null when the word index leaves the search to the database. */
  | { type: 'ranked'; id: number; page: RankedPage | null }
  | { type: 'error'; id: number; message: string };

/**
 * What picks a map's set of matches, as the map's query names it; `origin` is where a search
 * without a circle or a spot walks from for its typos (the list's origin, the site's centre).
 */
export interface MapMatch {
  q?: string | undefined;
  origin?: { lat: number; lng: number } | undefined;
  near?: { lat: number; lng: number } | undefined;
  radius?: number | undefined;
  covers?: { lat: number; lng: number } | undefined;
}

/**
 * A place row as the loader packs it: [id, lat, lng, category, name, primaryLanguage, radius,
 * privacy, hoursKey, confirmedAt (ms since the epoch), filterable values (null: none),
 * search_name, search_text].
 */
export type PackedPlace = [
  number,
  number,
  number,
  string,
  Record<string, string>,
  string,
  number | null,
  string,
  string | null,
  number,
  Record<string, PlaceValue> | null,
  string,
  string,
];

/** A packed row as the index holds it: `hoursId` is the number its hours key has (`hoursIdOf`). */
export function unpackPlace(
  [
    id,
    lat,
    lng,
    category,
    name,
    primaryLanguage,
    radius,
    privacy,
    hoursKey,
    confirmedAt,
    values,
  ]: PackedPlace,
  hoursIdOf: (key: string | null) => number | undefined,
): IndexedPlace {
  return {
    hoursId: hoursIdOf(hoursKey),
    confirmedAt,
    id,
    lat,
    lng,
    category,
    name,
    primaryLanguage,
    radius,
    locationPrivacy: privacy as LocationPrivacy,
    ...(values ? { values } : {}),
  };
}
