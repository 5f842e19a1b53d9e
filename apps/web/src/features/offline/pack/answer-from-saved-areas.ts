import { GeocodeQuery, MapQuery, PlaceListQuery, PlaceSuggestionsQuery } from '@karta/contracts';
import type { z } from 'zod';
import { SAVED_AT_HEADER } from '../../../service-worker/saved-at-header.ts';
import { OfflinePlaces } from './offline-places.ts';
import { requestQuery } from './request-query.ts';
import { onSavedAreasChange, readSavedAreas, savedConfig } from './saved-areas-store.ts';

let loaded: Promise<OfflinePlaces | null> | undefined;
onSavedAreasChange(() => {
  loaded = undefined;
});

/** The saved areas' places, read and indexed once (again after a change); null when none is saved. */
function savedPlaces(): Promise<OfflinePlaces | null> {
  loaded ??= readSavedAreas().then((areas) => (areas.length > 0 ? new OfflinePlaces(areas) : null));
  return loaded;
}

const PLACE_PATH = /^\/api\/v1\/places\/(\d{1,16})$/;

/**
 * The query of a request read and checked by its endpoint's schema, as the server reads and checks
 * it (`f.<key>` grouped into `f`); null if refused.
 */
function queryOf<S extends z.ZodType>(schema: S, url: URL): z.output<S> | null {
  const parsed = schema.safeParse(requestQuery(url.searchParams));
  return parsed.success ? parsed.data : null;
}

/**
 * What the saved places answer for a GET of the API at `now` (ms), or undefined when they cannot
 * (see `answersMap`, `answersList` and `answersSuggestions`): a query the server would refuse
 * (400) is not answered either, field filters the saved categories cannot read included, so the
 * request fails as any offline request the saved areas cannot answer.
 */
function answerOf(places: OfflinePlaces, url: URL, now: number): unknown {
  const path = url.pathname;
  if (path === '/api/v1/categories') return places.categoryList;
  if (path === '/api/v1/map') {
    const query = queryOf(MapQuery, url);
    return query && places.answersMap(query, now) ? places.map(query, now) : undefined;
  }
  if (path === '/api/v1/places') {
    const query = queryOf(PlaceListQuery, url);
    return query && places.answersList(query, now) ? places.list(query, now) : undefined;
  }
  if (path === '/api/v1/places/suggestions') {
    const query = queryOf(PlaceSuggestionsQuery, url);
    return query && places.answersSuggestions(query) ? places.suggest(query, now) : undefined;
  }
  // Towns only: streets and houses need the network, which the address search says.
  if (path === '/api/v1/geocode') {
    const query = queryOf(GeocodeQuery, url);
    return query && places.towns.any ? places.towns.search(query) : undefined;
  }
  const id = PLACE_PATH.exec(path)?.[1];
  return id === undefined ? undefined : places.place(Number(id), now);
}

/**
 * The answer the areas saved for offline use give to a GET of the API that got no answer from the
 * network, as JSON with the time they were saved (for the offline banner); null when no saved
 * area can answer it.
 */
export async function answerFromSavedAreas(requestUrl: string): Promise<Response | null> {
  const url = new URL(requestUrl, window.location.href);
  if (url.origin !== window.location.origin) return null;
  // What the app needs to start, read without the places (no index to build for it).
  if (url.pathname === '/api/v1/config') {
    const config = await savedConfig().catch(() => undefined);
    return config ? savedAnswer(config, null) : null;
  }
  const places = await savedPlaces().catch(() => null);
  if (!places) return null;
  // One instant for the whole answer: whether the hours are known then, and every open state.
  const body = answerOf(places, url, Date.now());
  if (body === undefined) return null;
  return savedAnswer(body, places.savedAt);
}

/** `body` as a JSON answer, with the time its data was saved (for the offline banner) when it has one. */
function savedAnswer(body: unknown, savedAt: string | null): Response {
  const headers: Record<string, string> = { 'content-type': 'application/json; charset=utf-8' };
  if (savedAt) headers[SAVED_AT_HEADER] = new Date(savedAt).toUTCString();
  return new Response(JSON.stringify(body), { status: 200, headers });
}
