/**
 * The places of the areas saved for offline use, answering as the server does: the map's clusters
 * by map-core's ClusterIndex, lists and searches by @karta/place-search, with the server's filters
 * and orders, and whether places are open by the hours the packs carry for a week. Loaded only
 * when the network fails (it brings the clustering and search code).
 */
import {
  type Bounds,
  bboxCentre,
  boxAround,
  type CategoryList,
  type FieldFilterParam,
  filterableFields,
  filterTypesOf,
  type LatLng,
  LIST_COUNT_BOUND,
  listOrigin,
  type MapQuery,
  type MapResponse,
  mapAsksForMatches,
  type Place,
  type PlaceList,
  type PlaceListItem,
  type PlaceListQuery,
  type PlaceSuggestions,
  type PlaceSuggestionsQuery,
  typedFilters,
} from '@karta/contracts';
import { normalizeBounds } from '@karta/map-core';
import {
  ClusterIndex,
  indexedPlaceOf,
  matchesFilters,
  type PlaceValue,
  type ValueFilter,
} from '@karta/map-core/clustering';
import { distanceMetres, type PreparedPlace, preparePlaces, searchPlaces } from '@karta/place-search';
import { placeValues } from '../../../lib/offline/place-values.ts';
import type { SavedArea } from '../../../lib/offline/saved-area.ts';
import { inBox } from './boxes.ts';
import { markingStaleness } from './indexed-places.ts';
import { SavedHours } from './saved-hours.ts';
import { SavedTowns } from './saved-towns.ts';

/** What the suggestions of the search box show at most, as the server's default. */
const DEFAULT_SUGGESTIONS = 6;
const DEFAULT_LIST_LIMIT = 20;
/** An offline list's cursor: the offset of the next page (the server's are keyset cursors). */
const CURSOR_PREFIX = 'offline:';

/**
 * The map's, lists' and suggestions' `f.<key>` filters could not be read against the saved
 * categories (a key none of them filters on, a value its field cannot hold): the saved areas do
 * not answer such a request (see `readsFilters`), as they answer no other query they cannot read.
 */
export class UnreadableFiltersError extends Error {
  constructor() {
    super('The field filters cannot be read against the saved categories');
    this.name = 'UnreadableFiltersError';
  }
}

export class OfflinePlaces {
  private readonly byId = new Map<number, Place>();
  /** Each place's filterable values as the server's map index holds them (none: not in the map). */
  private readonly values = new Map<number, Record<string, PlaceValue>>();
  /** The saved categories' filterable fields by key, which `f.<key>` is read against. */
  private readonly filterable: ReturnType<typeof filterableFields>;
  private readonly hours: SavedHours;
  private readonly index: ClusterIndex;
  /** Every place in id order. */
  private readonly places: readonly Place[];
  /** Their texts folded for search: made at the first search, as the map needs none of it. */
  private searchable: ReturnType<typeof preparePlaces> | undefined;
  private readonly asMapAnswer: ReturnType<typeof markingStaleness>;
  readonly areas: readonly Pick<SavedArea, 'id' | 'bbox' | 'savedAt'>[];
  readonly categoryList: CategoryList;
  /** The saved areas' towns, for address search with no network. */
  readonly towns: SavedTowns;
  /** The oldest of the areas' times: the data shown is at least as recent. */
  readonly savedAt: string;
  /** Where a search's equal matches are nearest first: the centre of the newest area, as the server's is the site's. */
  private readonly origin: LatLng | undefined;
  private readonly maxZoom: number;
  private lastMatches:
    | {
        key: string;
        index: ClusterIndex;
        answer: ReturnType<typeof markingStaleness>;
        total: number;
        bounds: Bounds | null;
      }
    | undefined;

  constructor(areas: readonly SavedArea[]) {
    // A place in two areas is taken from the one saved last.
    const newestFirst = [...areas].sort((a, b) => b.savedAt.localeCompare(a.savedAt));
    const areaOf = new Map<number, SavedArea>();
    for (const area of newestFirst) {
      for (const place of area.places) {
        if (this.byId.has(place.id)) continue;
        this.byId.set(place.id, place);
        areaOf.set(place.id, area);
      }
    }
    this.hours = new SavedHours(newestFirst, areaOf);
    const places = [...this.byId.values()].sort((a, b) => a.id - b.id);
    this.maxZoom = Math.max(...newestFirst.map((area) => area.maxZoom), 0);
    // The categories as last saved: the values and the filters are read with the same definitions,
    // as the server reads both with its current ones.
    this.categoryList = { items: newestFirst[0]?.categories ?? [] };
    this.filterable = filterableFields(this.categoryList.items);
    const types = new Map(
      this.categoryList.items.map((category) => [category.slug, filterTypesOf(category.fields)]),
    );
    for (const place of places) {
      const values = placeValues(place.extra, types.get(place.category));
      if (values) this.values.set(place.id, values);
    }
    this.index = ClusterIndex.build(
      places.map((place) => this.indexed(place, this.hours.hoursIdOf(place.id))),
      { maxZoom: this.maxZoom },
    );
    this.places = places;
    this.asMapAnswer = markingStaleness(places);
    this.areas = newestFirst.map(({ id, bbox, savedAt }) => ({ id, bbox, savedAt }));
    this.savedAt = newestFirst.map((area) => area.savedAt).sort()[0] ?? new Date(0).toISOString();
    this.origin = newestFirst[0] ? bboxCentre(newestFirst[0].bbox) : undefined;
    this.towns = new SavedTowns(newestFirst);
  }

  /** A place as the clustering index takes it, with its filterable values. */
  private indexed(place: Place, hoursId?: number) {
    const indexed = indexedPlaceOf(place, hoursId);
    const values = this.values.get(place.id);
    return values ? { ...indexed, values } : indexed;
  }

  /**
   * A request's `f.<key>` filters in the index's terms, read as the server reads them
   * (`typedFilters` against the saved categories' filterable fields); null when they cannot be.
   */
  private valueFilters(params: readonly FieldFilterParam[] | undefined): ValueFilter[] | null {
    if (!params || params.length === 0) return [];
    const { filters, issues } = typedFilters(params, this.filterable);
    if (issues.length > 0) return null;
    return filters.map(({ key, anyOf, min, max }) => ({
      key,
      ...(anyOf ? { anyOf } : {}),
      ...(min !== undefined ? { min } : {}),
      ...(max !== undefined ? { max } : {}),
    }));
  }

  /**
   * Whether the saved categories can read these `f.<key>` filters. A key none of them filters on
   * (a field added since the area was saved, say) would be the server's to judge: the saved areas
   * then answer nothing rather than a 400 the server might not give.
   */
  readsFilters(params: readonly FieldFilterParam[] | undefined): boolean {
    return this.valueFilters(params) !== null;
  }

  private filtersOf(params: readonly FieldFilterParam[] | undefined): ValueFilter[] {
    const filters = this.valueFilters(params);
    if (!filters) throw new UnreadableFiltersError();
    return filters;
  }

  /** Whether a point lies in a saved area: only there do the saved places answer for the map. */
  private covers(point: LatLng): boolean {
    return this.areas.some((area) => inBox(area.bbox, point));
  }

  /**
   * Whether the saved places answer this map query at `now` (ms): for a view whose centre lies in
   * a saved area (elsewhere "no places here" would not be true), for places open now only
   * within the week whose hours every area knows, and for field filters the saved categories read.
   */
  answersMap(query: MapQuery, now: number): boolean {
    return (
      this.covers(bboxCentre(query.bbox)) &&
      (!query.openNow || this.hours.knownAt(now)) &&
      this.readsFilters(query.f)
    );
  }

  /**
   * Whether the saved places answer this list at `now` (ms): published places only, an
   * `openNow` or `openAt` only for an instant of the week whose hours every area knows, and field
   * filters only those the saved categories read.
   */
  answersList(query: PlaceListQuery, now: number): boolean {
    const published =
      query.status === undefined || (query.status.length === 1 && query.status[0] === 'published');
    const instant = openInstant(query, now);
    return (
      published &&
      !query.mine &&
      (instant === undefined || this.hours.knownAt(instant)) &&
      this.readsFilters(query.f)
    );
  }

  /** Whether the saved places answer these suggestions: when the saved categories read their filters. */
  answersSuggestions(query: PlaceSuggestionsQuery): boolean {
    return this.readsFilters(query.f);
  }

  /** `GET /api/v1/places/{id}`, its open state that of `now` (ms). */
  place(id: number, now = Date.now()): Place | undefined {
    const place = this.byId.get(id);
    return place && { ...place, openState: this.hours.stateOf(id, now) };
  }

  /**
   * `GET /api/v1/map` over the saved places at `now` (ms). With `openNow`, only the places open
   * then, from the index's open-now layers as on the server; with `f`, only the places whose
   * values pass, from the index's filtered layers as on the server (see `answersMap`).
   */
  map(query: MapQuery, now = Date.now()): MapResponse {
    const filters = this.filtersOf(query.f);
    if (mapAsksForMatches(query)) {
      return this.matchesMap(query, now);
    }
    if (query.openNow) this.index.setOpenHours(this.hours.openAt(now));
    return this.asMapAnswer(
      this.index.query({
        bbox: normalizeBounds(query.bbox),
        zoom: query.zoom,
        ...(query.category ? { categories: query.category } : {}),
        ...(query.lang ? { lang: query.lang } : {}),
        ...(query.openNow ? { openNow: true } : {}),
        ...(filters.length > 0 ? { filters } : {}),
      }),
    );
  }

  /**
   * The map of a search's (or a circle's, or a spot's) matches, as the server draws it: every
   * match, clustered by the same index alone, with their number and box. The
   * index of the last set asked is kept, so panning asks it again.
   */
  private matchesMap(query: MapQuery, now: number): MapResponse {
    const filters: PlaceListQuery = {
      q: query.q,
      near: query.near,
      radius: query.radius,
      covers: query.covers,
      category: query.category,
      openNow: query.openNow,
      f: query.f,
    };
    const key = JSON.stringify([filters, query.openNow ? Math.floor(now / 60_000) : 0]);
    if (this.lastMatches?.key !== key) {
      const origin = query.near ?? query.covers ?? this.origin;
      const matches = this.matching(filters, origin, now);
      const index = ClusterIndex.build(
        matches.map((place) => indexedPlaceOf(place)),
        { maxZoom: this.maxZoom, scope: 'all' },
      );
      this.lastMatches = {
        key,
        index,
        answer: markingStaleness(matches),
        total: matches.length,
        bounds: boxAround(matches),
      };
    }
    const { index, answer, total, bounds } = this.lastMatches;
    const result = answer(
      index.query({
        bbox: normalizeBounds(query.bbox),
        zoom: query.zoom,
        ...(query.lang ? { lang: query.lang } : {}),
      }),
    );
    return { ...result, matches: { total, bounds } };
  }

  /**
   * `GET /api/v1/places` for a visitor at `now` (ms): the list's filters, order, count and pages,
   * each place's open state that of `now` (see `answersList`).
   */
  list(query: PlaceListQuery, now = Date.now()): PlaceList {
    const origin = listOrigin(query);
    const matching = this.matching(query, origin, now);
    const offset = query.cursor?.startsWith(CURSOR_PREFIX)
      ? Number(query.cursor.slice(CURSOR_PREFIX.length))
      : 0;
    const limit = query.limit ?? DEFAULT_LIST_LIMIT;
    const page = matching.slice(offset, offset + limit);
    const more = offset + limit < matching.length;
    return {
      items: page,
      total: Math.min(matching.length, LIST_COUNT_BOUND),
      totalIsLowerBound: matching.length >= LIST_COUNT_BOUND,
      nextCursor: more ? `${CURSOR_PREFIX}${offset + limit}` : null,
    };
  }

  /** `GET /api/v1/places/suggestions` at `now` (ms): the best matches first, nearest the origin. */
  suggest(query: PlaceSuggestionsQuery, now = Date.now()): PlaceSuggestions {
    const items = this.matching({ q: query.q, category: query.category, f: query.f }, query.origin, now);
    return { items: items.slice(0, query.limit ?? DEFAULT_SUGGESTIONS) };
  }

  /** Every saved place a list with these filters holds at `now`, in the server's order. */
  private matching(query: PlaceListQuery, origin: LatLng | undefined, now: number): PlaceListItem[] {
    const instant = openInstant(query, now);
    const open = instant === undefined ? undefined : this.hours.openAt(instant);
    const filters = this.filtersOf(query.f);
    const include = (candidate: Pick<PreparedPlace, 'id'>) => {
      const place = this.byId.get(candidate.id) as Place;
      if (open) {
        const hoursId = this.hours.hoursIdOf(place.id);
        if (hoursId === undefined || !open.has(hoursId)) return false;
      }
      if (filters.length > 0 && !matchesFilters(this.values.get(place.id), filters)) return false;
      return passes(place, query);
    };
    const withDistance = (id: number, distance: number | null): PlaceListItem => ({
      ...(this.place(id, now) as Place),
      distance,
    });
    if (query.q !== undefined) {
      this.searchable ??= preparePlaces(this.places);
      const hits = searchPlaces(this.searchable, {
        q: query.q,
        ...(origin ? { origin } : {}),
        newest: query.order === 'newest',
        include,
      });
      return hits.map((hit) => withDistance(hit.id, roundedDistance(hit.distance)));
    }
    const found = this.places.filter(include).map((candidate) => ({
      id: candidate.id,
      distance: origin ? distanceMetres(origin, candidate) : null,
    }));
    if (origin) found.sort((a, b) => (a.distance as number) - (b.distance as number) || a.id - b.id);
    else if (query.order === 'newest') found.sort((a, b) => b.id - a.id);
    return found.map((hit) => withDistance(hit.id, roundedDistance(hit.distance)));
  }
}

/** The instant a list's `openNow` or `openAt` asks about (ms), or undefined when it asks none. */
function openInstant(query: Pick<PlaceListQuery, 'openNow' | 'openAt'>, now: number): number | undefined {
  if (query.openAt !== undefined) return Date.parse(query.openAt);
  return query.openNow ? now : undefined;
}

/** A list's distance as the server gives it: to a tenth of a metre (it orders by the exact one). */
function roundedDistance(distance: number | null): number | null {
  return distance === null ? null : Math.round(distance * 10) / 10;
}

/** Whether a saved place passes a list's filters (everything but the hours, the search text and order). */
function passes(place: Place, query: PlaceListQuery): boolean {
  if (query.bbox && !inBox(query.bbox, place)) return false;
  if (query.category && !query.category.includes(place.category)) return false;
  if (query.stale !== undefined && place.stale !== query.stale) return false;
  if (query.near && query.radius !== undefined && distanceMetres(query.near, place) > query.radius)
    return false;
  if (query.covers && (place.radius === null || distanceMetres(query.covers, place) > place.radius))
    return false;
  return true;
}
