import type { MapResponse, PlaceList, PlaceSuggestions } from '@karta/contracts';
import type { Page, Request } from 'playwright-core';
import { expect, it } from 'vitest';
import { nextClientAddress } from '../support/accounts.ts';
import { apiOf } from '../support/api.ts';
import { describeInBrowser } from '../support/browser-suite.ts';
import type { KartaDriver } from '../support/driver.ts';
import { NearPage } from '../support/near-page.ts';
import { SearchBox } from '../support/search-page.ts';

/** The API requests the page sends (answered offline by the saved areas), in order. */
function recordApiRequests(page: Page, baseUrl: string) {
  const urls: URL[] = [];
  const onRequest = (request: Request) => {
    if (request.url().startsWith(`${baseUrl}/api/v1/`)) urls.push(new URL(request.url()));
  };
  page.on('request', onRequest);
  return {
    urls,
    /** The last request to `path` with every one of `params` in its query. */
    last(path: string, ...params: string[]): URL {
      const found = urls.filter(
        (url) => url.pathname === path && params.every((param) => url.searchParams.has(param)),
      );
      const last = found.at(-1);
      if (!last) throw new Error(`The page asked ${path} with ${params.join(', ')} for nothing`);
      return last;
    },
    stop: () => page.off('request', onRequest),
  };
}

/** What the server itself answers to the very request the page sent (Node is online). */
async function serverAnswer<T>(url: URL): Promise<T> {
  const response = await fetch(url, { headers: { 'x-forwarded-for': nextClientAddress() } });
  expect(response.status, url.toString()).toBe(200);
  return (await response.json()) as T;
}

/** The clusters' counts and the single places the page draws, as a map answer gives them. */
async function drawn(karta: KartaDriver) {
  await karta.waitForMapToSettle();
  const { markers } = await karta.shownPlaces();
  return {
    clusters: (await karta.clusters()).map((cluster) => cluster.count).sort((a, b) => a - b),
    markers,
  };
}

const asDrawn = (answer: MapResponse) => ({
  clusters: answer.clusters.map((cluster) => cluster.count).sort((a, b) => a - b),
  markers: answer.places.map((place) => place.id).sort((a, b) => a - b),
});

// A file of its own: a fresh browser profile, with nothing cached by another test's visit.
describeInBrowser('field filters offline', (suite) => {
  it('after saving an area and reloading with no network, filtered clusters, searches, suggestions and Near me count what the server counts', async () => {
    const { karta, page, session, baseUrl } = suite;
    // The shortest real path: the first visit, one click, the network gone, a reload.
    const requests = recordApiRequests(page, baseUrl);
    await karta.resize(1280, 900);
    // The whole region, so a search counts the same places on both sides: every published place
    // of the server (the demo's, within 40 km of this centre, and what other files added).
    await karta.openHome('?lat=45.8&lng=16&z=8');
    await page.getByTestId('save-offline-area').click();
    const status = page.getByTestId('save-offline-status');
    await expect.poll(() => status.innerText(), { timeout: 45_000 }).toMatch(/^Saved [\d,]+ places/);
    const saved = Number((await status.innerText()).match(/Saved ([\d,]+) places/)?.[1]?.replaceAll(',', ''));
    const everyPlace = await apiOf(baseUrl).offlinePack({
      bbox: { west: -180, south: -85, east: 180, north: 85 },
    });
    expect(saved).toBe(everyPlace.places.length);

    const askedOnline = requests.urls.length;
    await session.context.setOffline(true);
    try {
      await page.reload();
      await karta.waitForMapData();
      await page.getByTestId('offline-banner').waitFor();

      // The map filtered in a view never opened online: clusters and markers, cluster for cluster.
      await page.goto(`${baseUrl}/?lat=45.805&lng=15.975&z=14&f.access=customers,yes`);
      await karta.waitForMapData();
      // What the page drew once settled, against the server's answer to the last map request it sent.
      const shownFiltered = await drawn(karta);
      const mapAsked = requests.last('/api/v1/map', 'f.access');
      expect(mapAsked.searchParams.get('f.access')).toBe('customers,yes');
      const server = await serverAnswer<MapResponse>(mapAsked);
      expect(server.clusters.length + server.places.length).toBeGreaterThan(0);
      expect(shownFiltered).toEqual(asDrawn(server));
      // The list under it: the same total, the same first places in the same order.
      const listAsked = requests.last('/api/v1/places', 'f.access');
      const list = await serverAnswer<PlaceList>(listAsked);
      expect(list.total).toBeGreaterThan(0);
      await expect.poll(() => karta.listIds(), { timeout: 15_000 }).toEqual(list.items.map((p) => p.id));
      expect(await page.getByTestId('place-count').innerText()).toContain(String(list.total));

      // Two fields at once, at another zoom: every filter must hold.
      await page.goto(`${baseUrl}/?lat=45.81&lng=15.98&z=11&f.indoor=true&f.level.min=1`);
      await karta.waitForMapData();
      const shownTwoFields = await drawn(karta);
      const twoFields = await serverAnswer<MapResponse>(
        requests.last('/api/v1/map', 'f.indoor', 'f.level.min'),
      );
      expect(shownTwoFields).toEqual(asDrawn(twoFields));

      // A search among the pharmacies on duty: the matches' map and list, and the suggestions.
      await page.goto(`${baseUrl}/?lat=45.81&lng=15.98&z=13&q=ljekarna&f.on_duty=true`);
      await karta.waitForMapData();
      const searched = await serverAnswer<PlaceList>(requests.last('/api/v1/places', 'q', 'f.on_duty'));
      expect(searched.total).toBeGreaterThan(0);
      await expect.poll(() => karta.listIds(), { timeout: 15_000 }).toEqual(searched.items.map((p) => p.id));
      const shownMatches = await drawn(karta);
      const matches = await serverAnswer<MapResponse>(requests.last('/api/v1/map', 'q', 'f.on_duty'));
      expect(matches.matches?.total).toBe(searched.total);
      expect(shownMatches).toEqual(asDrawn(matches));
      const search = new SearchBox(page);
      await search.type('ljek');
      const shown = (await search.suggestions()).map((suggestion) => suggestion.id);
      const suggested = await serverAnswer<PlaceSuggestions>(
        requests.last('/api/v1/places/suggestions', 'f.on_duty'),
      );
      expect(shown).toEqual(suggested.items.map((place) => place.id));

      // Near me, indoor defibrillators within 2 km: the same total and places, nearest first.
      const nearPage = new NearPage(page, baseUrl);
      await page.goto(`${baseUrl}/near?lat=45.8&lng=15.97&r=2000&tab=near&f.indoor=true`);
      const total = await nearPage.total();
      const near = await serverAnswer<PlaceList>(requests.last('/api/v1/places', 'near', 'f.indoor'));
      expect(near.total).toBeGreaterThan(0);
      expect(total).toBe(near.total);
      const results = await nearPage.results();
      expect(results.map((result) => result.id)).toEqual(
        near.items.slice(0, results.length).map((place) => place.id),
      );

      // None of these was asked online: every answer above came from the saved area.
      const online = new Set(requests.urls.slice(0, askedOnline).map((url) => url.search));
      for (const url of requests.urls.slice(askedOnline)) {
        if (url.search.includes('f.')) expect(online.has(url.search)).toBe(false);
      }
    } finally {
      requests.stop();
      await session.context.setOffline(false);
    }
  });
});
