import { expect, it } from 'vitest';
import { adminApi } from '../support/accounts.ts';
import { apiOf } from '../support/api.ts';
import { describeInBrowser } from '../support/browser-suite.ts';
import type { KartaDriver } from '../support/driver.ts';
import { SearchBox } from '../support/search-page.ts';

/** The demo's Črnomerec: a district whose places are named after it, in both languages. */
const DISTRICT = 'Črnomerec';
const TYPED = 'crnomerec';

/** Every match of a search, read page by page as the list pages it. */
async function everyMatchOf(
  baseUrl: string,
  q: string,
): Promise<{ total: number; ids: ReadonlySet<number> }> {
  const ids = new Set<number>();
  let cursor: string | undefined;
  let total = 0;
  do {
    const page = await apiOf(baseUrl).listPlaces({ q, limit: 100, cursor });
    total = page.total;
    for (const place of page.items) ids.add(place.id);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  expect(ids.size).toBe(total);
  return { total, ids };
}

/**
 * The map shows every match of the search and nothing else, not only the list's first page:
 * markers and clusters together hold as many places as the search counts, and every marker is a
 * match.
 */
async function expectEveryMatchShown(
  karta: KartaDriver,
  matches: { total: number; ids: ReadonlySet<number> },
): Promise<void> {
  await expect.poll(() => karta.drawnPlaceCount()).toBe(matches.total);
  const { markers } = await karta.shownPlaces();
  for (const id of markers) expect(matches.ids).toContain(id);
}

describeInBrowser('searching places from the header', (suite) => {
  it('suggests places as the user types without diacritics, asking the server once a pause', async () => {
    const { karta, page } = suite;
    await karta.openHome('?lat=45.813&lng=15.977&z=12');
    const search = new SearchBox(page);
    const requests = search.recordSuggestionRequests();

    // Six letters at a quick typist's pace: the page waits for the pause, not for every key.
    await search.type('crnome', 50);
    const suggestions = await search.suggestions();
    expect(suggestions.length).toBeGreaterThan(0);
    // English names that hold the district's name with its diacritics ("Črnomerec Library").
    for (const suggestion of suggestions) expect(suggestion.text).toContain(DISTRICT);
    await page.waitForTimeout(600);
    expect(requests().length).toBeLessThanOrEqual(2);
    expect(requests().at(-1)).toBe('crnome');
  });

  it('opens the suggestion chosen with the keyboard on the map, centred, with its info window', async () => {
    const { karta, page, baseUrl } = suite;
    await karta.openHome('?lat=45.813&lng=15.977&z=11');
    await karta.switchLanguage('en');
    const search = new SearchBox(page);
    await search.type(TYPED);
    const [first] = await search.suggestions();
    if (!first) throw new Error('No suggestion');
    await search.press('ArrowDown');
    expect(await search.activeSuggestion()).toBe(first.id);
    await search.press('Enter');

    await expect.poll(() => karta.url().searchParams.get('place')).toBe(String(first.id));
    const place = await apiOf(baseUrl).getPlace(first.id);
    expect(await karta.infoWindowText()).toContain(place.name.en ?? '');
    expect(karta.url().searchParams.get('z')).toBe('17');
    await karta.waitForMapToSettle();
    const { center, zoom } = await karta.mapState();
    expect(zoom).toBe(17);
    // The info window may pan the map a little to fit; the place stays in the middle of the view.
    expect(Math.abs(center.lat - place.lat)).toBeLessThan(0.005);
    expect(Math.abs(center.lng - place.lng)).toBeLessThan(0.005);
  });

  it('finds a Croatian name written without diacritics from text typed with them', async () => {
    const { karta, page, baseUrl } = suite;
    const { api } = await adminApi(baseUrl);
    const categories = await api.categories();
    const proposed = await api.createPlace({
      categoryId: categories.items[0]?.id ?? 1,
      name: { hr: 'Dom Zeljeznicar Kustosija' },
      lat: 45.826,
      lng: 15.925,
    });
    await api.transitionPlace(proposed.id, { to: 'published', version: proposed.version });

    await karta.openHome('?lat=45.813&lng=15.977&z=12');
    await karta.switchLanguage('hr');
    const search = new SearchBox(page);
    await search.type('Željezničar Kustošija');
    const suggestions = await search.suggestions();
    expect(suggestions.map((suggestion) => suggestion.id)).toContain(proposed.id);
    expect(suggestions.find((suggestion) => suggestion.id === proposed.id)?.text).toContain(
      'Dom Zeljeznicar Kustosija',
    );
  });

  it('lists every match under the map and on it with q in the link, through reload, Back and Clear search', async () => {
    const { karta, page, baseUrl } = suite;
    const everyMatch = await apiOf(baseUrl).listPlaces({ q: TYPED, limit: 100 });
    expect(everyMatch.total).toBeGreaterThan(20);
    const matching = new Set(everyMatch.items.map((place) => place.id));

    await karta.openHome('?lat=45.813&lng=15.977&z=14');
    await karta.switchLanguage('en');
    const search = new SearchBox(page);
    await search.type(TYPED);
    await search.press('Enter');

    await expect.poll(() => karta.url().searchParams.get('q')).toBe(TYPED);
    expect(await search.resultSummary()).toBe(`${everyMatch.total} places match “${TYPED}”`);
    const listed = await karta.listIds();
    expect(listed).toHaveLength(20);
    for (const id of listed) expect(matching).toContain(id);
    // The map shows every match, and none of the other places: each as a marker or in a cluster
    // of matches (the map's own clustering rules, so matches in one street do not pile up).
    await expectEveryMatchShown(karta, await everyMatchOf(baseUrl, TYPED));

    // The download holds what the list holds: every match, wherever it is.
    const csvUrl = await karta.exportLink('csv');
    expect(csvUrl.searchParams.get('q')).toBe(TYPED);
    expect(csvUrl.searchParams.has('bbox')).toBe(false);
    const csv = await (await fetch(csvUrl)).text();
    expect(csv.trim().split('\n').length - 1).toBeGreaterThanOrEqual(everyMatch.total);

    await page.reload();
    expect(await search.resultSummary()).toBe(`${everyMatch.total} places match “${TYPED}”`);
    expect(await search.fieldValue()).toBe(TYPED);
    // The same list in the same order: a link to a search shows everyone the same matches.
    await expect.poll(() => karta.listIds()).toEqual(listed);

    // The category chips narrow the search down.
    const { items: categories } = await apiOf(baseUrl).categories();
    const library = categories.find((category) => category.slug === 'library');
    if (!library) throw new Error('No library category');
    const libraries = await apiOf(baseUrl).listPlaces({ q: TYPED, category: ['library'], limit: 1 });
    await search.toggleCategory(library.name.en ?? library.slug);
    await expect
      .poll(() => search.resultSummary())
      .toBe(`${libraries.total} ${libraries.total === 1 ? 'place matches' : 'places match'} “${TYPED}”`);
    expect(karta.url().searchParams.get('q')).toBe(TYPED);
    expect(karta.url().searchParams.get('cat')).toBe('library');
    await page.goBack();
    await expect.poll(() => karta.url().searchParams.get('cat')).toBeNull();

    await page.goBack();
    await expect.poll(() => karta.url().searchParams.get('q')).toBeNull();
    await expect.poll(() => search.fieldValue()).toBe('');
    await page.goForward();
    await expect.poll(() => search.fieldValue()).toBe(TYPED);

    await search.clearSearch();
    await expect.poll(() => karta.url().searchParams.get('q')).toBeNull();
    await expect.poll(() => search.resultSummary()).toMatch(/places? in view$/);
    await karta.waitForMapData();
    await expect.poll(async () => (await karta.clusters()).length).toBeGreaterThan(0);
  });

  it('searches from another page on the home map, fitted to the matches; its share link and embed show them too', async () => {
    const { karta, page, baseUrl } = suite;
    const [anyPlace] = (await apiOf(baseUrl).listPlaces({ limit: 1 })).items;
    if (!anyPlace) throw new Error('No place');
    await karta.openPlacePage(anyPlace.id);
    const search = new SearchBox(page);
    await search.search(TYPED);

    await expect.poll(() => karta.url().pathname).toBe('/');
    await expect.poll(() => karta.url().searchParams.get('q')).toBe(TYPED);
    const matches = await everyMatchOf(baseUrl, TYPED);
    await expectEveryMatchShown(karta, matches);
    // Framed on the matches: the map left the deployment's default zoom of 10.
    await expect.poll(async () => (await karta.mapState()).zoom).toBeGreaterThan(10);

    await karta.openShareDialog();
    const { link, code } = await karta.shareDialogTexts();
    expect(new URL(link).searchParams.get('q')).toBe(TYPED);
    const embedSrc = /src="([^"]+)"/.exec(code)?.[1]?.replaceAll('&amp;', '&') ?? '';
    expect(new URL(embedSrc).searchParams.get('q')).toBe(TYPED);

    await page.goto(embedSrc);
    await expectEveryMatchShown(karta, matches);
  });

  it('fits the search field and its suggestions on a phone', async () => {
    const { karta, page } = suite;
    await karta.resize(375, 800);
    await karta.openHome();
    const search = new SearchBox(page);
    await search.type(TYPED);
    expect((await search.suggestions()).length).toBeGreaterThan(0);
    const { viewport, scroll } = await karta.pageWidth();
    expect(scroll).toBe(viewport);
  });
});
