import type { Bounds } from '../types.ts';

/** A filterable value of a place: an option or text token, a number (dates as days since 1970-01-01), or a set of options. */
export type PlaceValue = string | number | readonly string[];

/** One condition on a place's value of `key`. A place lacking `key` never matches. */
export interface ValueFilter {
  key: string;
  /** The value is one of these (a set value: any of its elements is). Strings match strings, numbers numbers. */
  anyOf?: readonly (string | number)[];
  /** Only number values: at least `min` / at most `max` (inclusive). A non-number value fails a range. */
  min?: number;
  max?: number;
}

/** How precisely a place's position may be shown: anything but `exact` is already coarsened. */
export type LocationPrivacy = 'exact' | '100m' | '1km';

/** A published place as the clustering index needs it. */
export interface IndexedPlace {
  id: number;
  /**
   * Degrees within −90…90 and −180…180, as the database's checks keep every place: the nearest
   * walks bound a quadtree node by its cell of the world, which holds only such positions.
   */
  lat: number;
  lng: number;
  /** Category slug. */
  category: string;
  /** Name per language code. */
  name: Record<string, string>;
  /** The language the place was first written in: the name's fallback. */
  primaryLanguage: string;
  /** Metres, or null. */
  radius: number | null;
  locationPrivacy: LocationPrivacy;
  /**
   * The place's opening hours, as a small non-negative integer shared by every place with the same
   * hours (see `ClusterIndex.setOpenHours`); absent for none: never open now.
   */
  hoursId?: number;
  /** When someone last confirmed the place is there (ms since the epoch); absent: never stale. */
  confirmedAt?: number;
  /**
   * The place's filterable values by key (absent: none). Each is a string, a finite number or a
   * list of strings; the index keeps one copy of each distinct combination.
   */
  values?: Readonly<Record<string, PlaceValue>>;
}

/** One viewport request. */
export interface ClusterQuery {
  /** `west > east` crosses the antimeridian. */
  bbox: Bounds;
  zoom: number;
  /** Category slugs; absent or empty means every category; unknown slugs match nothing. */
  categories?: readonly string[];
  /** Only places open now (by the index's last `setOpenHours`), with any category filter. */
  openNow?: boolean;
  /**
   * Conditions on the places' values (see `matchesFilters`): every one must hold. Absent or empty
   * means none; they combine with `categories` and `openNow`, and the answer is that of an index
   * of only the matching places.
   */
  filters?: readonly ValueFilter[];
  /** Language for place names. */
  lang?: string;
  /** Places confirmed before this instant (ms since the epoch) are marked stale; absent: none. */
  staleBefore?: number;
}

/** What `ClusterIndex.count` counts: the places a query's filters match, in a box or everywhere. */
/**
 * The places matching the filters within `within` metres of `origin` (`covering`: and within their
 * own radius of it), nearest first: one page of
 * `limit` after the cursor `after` (the last place of the page before), with their total if asked.
 */
export interface NearestQuery extends Pick<ClusterQuery, 'categories' | 'openNow' | 'filters'> {
  origin: { lat: number; lng: number };
  within: number;
  /** Only places whose own radius reaches the origin (with categories only). */
  covering?: boolean;
  after?: { id: number; distance: number } | undefined;
  limit: number;
  withTotal?: boolean;
  /**
   * The total is counted up to this many (a list says "1 000+" past its bound; the total is then
   * this): the walk stops there instead of counting every place of a wide circle.
   */
  countUpTo?: number | undefined;
}

/**
 * A set of matches to map (`ClusterIndex.matchingSlots`): the places among `among` (by slot),
 * or else within `circle`, that pass the filters; with both, those of `among` within the circle.
 */
export interface MatchSelection extends Pick<ClusterQuery, 'categories' | 'openNow' | 'filters'> {
  among?: Int32Array | undefined;
  circle?:
    | { origin: { lat: number; lng: number }; within: number; covering?: boolean | undefined }
    | undefined;
}

export interface CountQuery extends Pick<ClusterQuery, 'categories' | 'openNow' | 'filters'> {
  /** Edges included; `west > east` crosses the antimeridian. Absent: the whole world. */
  bbox?: Bounds;
  /** Degrees a place may lie outside an edge and still count (default 0). */
  edgeTolerance?: number;
}

/** A group of at least two places drawn as one cluster icon. */
export interface ResultCluster {
  /**
   * `z<zoom>:<code>`: the answer zoom and the base-36 Morton code of the cell that seeded the
   * cluster's heaviest greedy group; the same for the same places and query.
   */
  id: string;
  lat: number;
  lng: number;
  count: number;
  /** Number of digits of the count, capped at 5. */
  tier: number;
  /** The box around every place in the cluster (`west > east` when it crosses the antimeridian). */
  bounds: Bounds;
}

/** A single place drawn as a marker. */
export interface ResultPlace {
  id: number;
  lat: number;
  lng: number;
  category: string;
  /** Resolved in the query's language, else the primary language, else any. */
  name: string;
  radius: number | null;
  locationPrivacy: LocationPrivacy;
  /** Confirmed before the query's `staleBefore`: possibly out of date. */
  stale: boolean;
}

/** What the map shows for one viewport. */
export interface ClusterResult {
  clusters: ResultCluster[];
  places: ResultPlace[];
}

/** Options of `ClusterIndex.build`. */
export interface ClusterIndexOptions {
  /** The map's highest zoom (default 18): co-located places stay one cluster up to and above it. */
  maxZoom?: number;
  /**
   * Which indexes to build: `all` (unfiltered queries only), `categories` (filtered queries only)
   * or `both` (the default). A server can build the two halves in two threads at once.
   */
  scope?: ClusterIndexScope;
  /** The hours ids open now (see `setOpenHours`); none by default. */
  openHours?: ReadonlySet<number>;
  /**
   * Keep the places and layers in shared memory and record the changes, for other threads to
   * answer queries from (`ClusterIndex.follow`); false by default.
   */
  shared?: boolean;
}

/** The part of a ClusterIndex that is built. */
export type ClusterIndexScope = 'all' | 'categories' | 'both';
