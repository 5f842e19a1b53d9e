import type { FieldFilterParam, MapResponse } from '@karta/contracts';
import type { Page, Response } from 'playwright-core';
import { expect, inject, it } from 'vitest';
import { nextClientAddress } from '../support/accounts.ts';
import { apiOf } from '../support/api.ts';
import { axeViolations } from '../support/axe.ts';
import { describeInBrowser } from '../support/browser-suite.ts';
import { launchBrowser } from '../support/chromium.ts';
import { KartaDriver } from '../support/driver.ts';
import { FieldFiltersPanel, type PanelLayout } from '../support/field-filters-panel.ts';
import { NearPage } from '../support/near-page.ts';
import { overlap } from '../support/page-geometry.ts';

/** A common phone's screen, in CSS pixels. */
const PHONE = { width: 375, height: 740 };

/**
 * The whole region of the demo data on a phone's 400-px map (zoom 9): every place the filters
 * leave is inside the view, far from its edges, so the map's clusters, the list and the API count
 * the same places.
 */
const REGION = '?lat=45.795&lng=16.05&z=9';

/** What the visitor needs: a defibrillator open to the public, indoors. */
const PUBLIC_INDOOR: FieldFilterParam[] = [
  { key: 'access', values: ['yes'] },
  { key: 'indoor', values: ['true'] },
];

/** The places of the map's answers from now on, for the filters they were asked with. */
function recordMapAnswers(page: Page, baseUrl: string) {
  const answers: { url: URL; drawn: number }[] = [];
  page.on('response', (response: Response) => {
    if (!response.url().startsWith(`${baseUrl}/api/v1/map?`) || !response.ok()) return;
    response.json().then(
      (body: MapResponse) =>
        answers.push({
          url: new URL(response.url()),
          drawn: body.places.length + body.clusters.reduce((sum, cluster) => sum + cluster.count, 0),
        }),
      () => undefined,
    );
  });
  return answers;
}

/** The open panel covers neither the map nor anything drawn over it, and every target is 44 px. */
function expectClearOfTheMap(layout: PanelLayout, label: string) {
  expect({
    label,
    mapTop: layout.map.top >= 0,
    mapAbovePanel: layout.map.bottom <= layout.panel.top + 0.5,
  }).toEqual({ label, mapTop: true, mapAbovePanel: true });
  for (const control of layout.controls) {
    expect({ label, control: control.name, overlaps: overlap(control.box, layout.panel) }).toEqual({
      label,
      control: control.name,
      overlaps: false,
    });
  }
  expect(layout.panel.bottom).toBeLessThanOrEqual(layout.viewport.height + 0.5);
  expect(layout.smallTargets).toEqual([]);
}

describeInBrowser('filtering by a category’s fields', (suite) => {
  it('on a phone: a public indoor defibrillator; the map, the list and the API count the same, and the link, a fresh visit and the embed show it', async () => {
    const { karta, page, baseUrl } = suite;
    const api = apiOf(baseUrl);
    const everyDefibrillator = await api.listPlaces({ category: ['defibrillator'], limit: 1 });
    const matching = await api.listPlaces({ category: ['defibrillator'], f: PUBLIC_INDOOR, limit: 1 });
    expect(matching.total).toBeGreaterThan(0);
    expect(matching.total).toBeLessThan(everyDefibrillator.total);

    await karta.resize(PHONE.width, PHONE.height);
    const mapAnswers = recordMapAnswers(page, baseUrl);
    await karta.openHome(REGION);
    await karta.toggleCategory('Defibrillator (AED)');
    await expect.poll(() => karta.url().searchParams.get('cat')).toBe('defibrillator');

    const filters = new FieldFiltersPanel(page);
    await filters.open();
    expect(await page.getByRole('region', { name: 'Filter by details' }).count()).toBe(1);
    // The sheet takes the room under the map: the whole map and its controls stay in sight.
    expectClearOfTheMap(await filters.layout(), 'phone, panel open');
    const mapBox = await page.getByTestId('map').boundingBox();
    expect(mapBox?.height).toBe(400);
    expect(await axeViolations(page)).toEqual([]);

    await filters.choose('Access', 'Public');
    await filters.choose('Indoor', 'Yes');
    await expect.poll(() => karta.url().searchParams.get('f.indoor')).toBe('true');
    expect(karta.url().searchParams.get('f.access')).toBe('yes');
    expect(karta.url().searchParams.get('cat')).toBe('defibrillator');
    await expect.poll(() => filters.count(), { timeout: 15_000 }).toBe(matching.total);
    // The map changed under the open sheet: as many places as the list counts.
    await expect.poll(() => karta.drawnPlaceCount(), { timeout: 15_000 }).toBe(matching.total);
    expectClearOfTheMap(await filters.layout(), 'phone, filters chosen');
    expect(await axeViolations(page)).toEqual([]);

    await filters.showPlaces();
    expect(await filters.badge()).toBe(2);
    expect(await filters.activeFilters()).toEqual(['Access: Public', 'Indoor: Yes']);
    await expect.poll(() => karta.placeCount()).toBe(matching.total);
    await page.waitForLoadState('networkidle');
    const lastAnswer = mapAnswers.at(-1);
    expect(lastAnswer?.url.searchParams.get('f.access')).toBe('yes');
    expect(lastAnswer?.url.searchParams.get('f.indoor')).toBe('true');
    expect(lastAnswer?.drawn).toBe(matching.total);
    // The download holds what the list holds.
    const geojson = (await (await fetch(await karta.exportLink('geojson'))).json()) as {
      features: unknown[];
    };
    expect(geojson.features).toHaveLength(matching.total);
    // The list's pages hold only such places.
    for (const id of (await karta.listIds()).slice(0, 5)) {
      const place = await api.getPlace(id);
      expect({ id, category: place.category, ...place.extra }).toMatchObject({
        id,
        category: 'defibrillator',
        access: 'yes',
        indoor: true,
      });
    }

    // The link in the address bar, the one Share gives and the embed's code all hold the filter.
    const link = page.url();
    await karta.openShareDialog();
    const { link: shared, code } = await karta.shareDialogTexts();
    expect(new URL(shared).searchParams.get('f.access')).toBe('yes');
    expect(new URL(shared).searchParams.get('f.indoor')).toBe('true');
    const embed = new URL((/src="([^"]+)"/.exec(code)?.[1] ?? '').replaceAll('&amp;', '&'));
    expect(embed.pathname).toBe('/embed');
    expect(embed.searchParams.get('cat')).toBe('defibrillator');
    expect(embed.searchParams.get('f.access')).toBe('yes');
    expect(embed.searchParams.get('f.indoor')).toBe('true');

    // Another visitor, in a fresh browser, opens the link, then the embed.
    const other = await launchBrowser(inject('chromiumPath'), [baseUrl]);
    try {
      await other.context.setExtraHTTPHeaders({ 'x-forwarded-for': nextClientAddress() });
      const otherPage = await other.context.newPage();
      await otherPage.setViewportSize(PHONE);
      const visitor = new KartaDriver(otherPage, baseUrl);
      await otherPage.goto(link);
      await expect.poll(() => visitor.placeCount(), { timeout: 15_000 }).toBe(matching.total);
      await expect.poll(() => visitor.drawnPlaceCount(), { timeout: 15_000 }).toBe(matching.total);
      expect(await new FieldFiltersPanel(otherPage).badge()).toBe(2);

      await otherPage.goto(embed.href);
      await visitor.waitForMapData();
      await expect.poll(() => visitor.drawnPlaceCount(), { timeout: 15_000 }).toBe(matching.total);
      expect(new URL(otherPage.url()).searchParams.get('f.indoor')).toBe('true');
    } finally {
      await other.close();
    }
  });

  it('Near me with the filter lists only matching places, as many as the API and its map count', async () => {
    const { karta, page, baseUrl } = suite;
    await karta.resize(PHONE.width, PHONE.height);
    const near = new NearPage(page, baseUrl);
    const point = { lat: 45.8131, lng: 15.9772 };
    await near.open(`?lat=${point.lat}&lng=${point.lng}&r=5000&tab=near`);
    await near.results();
    await karta.toggleCategory('Defibrillator (AED)');
    const filters = new FieldFiltersPanel(page);
    await filters.open();
    expectClearOfTheMap(await filters.layout(), 'Near me, panel open');
    await filters.choose('Access', 'Public');
    await filters.choose('Indoor', 'Yes');
    await expect.poll(() => near.url().searchParams.get('f.indoor')).toBe('true');
    await filters.showPlaces();

    const api = apiOf(baseUrl);
    const expected = await api.listPlaces({
      near: point,
      radius: 5000,
      category: ['defibrillator'],
      f: PUBLIC_INDOOR,
      limit: 100,
    });
    expect(expected.total).toBeGreaterThan(0);
    await near.waitForTotal(expected.total);
    const listed = (await near.results()).map((result) => result.id);
    expect(listed.length).toBe(Math.min(expected.total, 20));
    const matchingIds = new Set(expected.items.map((place) => place.id));
    for (const id of listed) expect({ id, matches: matchingIds.has(id) }).toEqual({ id, matches: true });
    for (const id of listed.slice(0, 5)) {
      const place = await api.getPlace(id);
      expect(place.extra).toMatchObject({ access: 'yes', indoor: true });
    }
    await expect.poll(() => karta.drawnPlaceCount(), { timeout: 15_000 }).toBe(expected.total);
  });

  it('the open panel leaves the map and its controls uncovered on a tablet and a desktop too', async () => {
    const { karta, page } = suite;
    for (const size of [
      { width: 768, height: 1024 },
      { width: 1280, height: 900 },
    ]) {
      await karta.resize(size.width, size.height);
      await karta.openHome(`${REGION}&cat=defibrillator&f.access=yes`);
      const filters = new FieldFiltersPanel(page);
      await filters.open();
      expectClearOfTheMap(await filters.layout(), `${size.width} px`);
      expect(await axeViolations(page)).toEqual([]);
    }
  });
});
