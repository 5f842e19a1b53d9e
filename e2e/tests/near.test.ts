import { expect, it } from 'vitest';
import { apiOf } from '../support/api.ts';
import { describeInBrowser } from '../support/browser-suite.ts';
import { allowLocation, refuseLocation } from '../support/geolocation.ts';
import { NearPage } from '../support/near-page.ts';

/** Ban Jelačić Square, in the middle of the demo data. */
const ZAGREB = { latitude: 45.8131, longitude: 15.9772 };

/** South-west of the city: the nearest demo places are a few kilometres away. */
const OUTSKIRTS = { lat: 45.7, lng: 15.8 };

describeInBrowser('the Near me screen', (suite) => {
  const near = () => new NearPage(suite.page, suite.baseUrl);

  it('draws every place within the circle on its map, as many as it counts, not only the listed page', async () => {
    const screen = near();
    await suite.page.goto(`${suite.baseUrl}/near?lat=45.8131&lng=15.9772&r=2000&tab=near`);
    const total = await screen.total();
    const { total: listed } = await apiOf(suite.baseUrl).listPlaces({
      near: { lat: 45.8131, lng: 15.9772 },
      radius: 2000,
      limit: 1,
    });
    expect(total).toBe(listed);
    expect(total).toBeGreaterThan((await screen.results()).length);
    const karta = suite.karta;
    // Framed on the circle, the map holds every place in it, as markers or in clusters.
    await expect.poll(() => karta.drawnPlaceCount(), { timeout: 10_000 }).toBe(total);
  });

  it('starts by explaining the two ways to give a point', async () => {
    const screen = near();
    await screen.open();
    await expect.poll(() => screen.startState().isVisible()).toBe(true);
    const text = await screen.startState().innerText();
    expect(text).toContain('Use your location');
    expect(text).toContain('click the map to pick a point');
  });

  it('uses the location the browser gives: the circle, then places within it, nearest first, as the API answers', async () => {
    await allowLocation(suite.session.context, suite.baseUrl, ZAGREB);
    const screen = near();
    await screen.open();
    await screen.useMyLocation();

    expect(await screen.pointInUrl()).toEqual({ lat: ZAGREB.latitude, lng: ZAGREB.longitude });
    expect(screen.url().searchParams.get('r')).toBe('1000');
    const results = await screen.results();
    expect(results.length).toBeGreaterThan(1);
    const distances = results.map((result) => result.distance);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(Math.max(...distances)).toBeLessThanOrEqual(1000);
    for (const result of results) expect(result.shownDistance).toMatch(/^\d{1,3} m$|^1 km$/);
    await expect.poll(() => screen.outstandingCircleCount()).toBe(1);

    const answer = await apiOf(suite.baseUrl).listPlaces({
      near: { lat: ZAGREB.latitude, lng: ZAGREB.longitude },
      radius: 1000,
      limit: 20,
    });
    expect(await screen.total()).toBe(answer.total);
    expect(results.map((result) => result.id)).toEqual(answer.items.map((item) => item.id));
    expect(distances).toEqual(answer.items.map((item) => item.distance));
  });

  it('lists fewer places for a smaller radius, all within it', async () => {
    await allowLocation(suite.session.context, suite.baseUrl, ZAGREB);
    const screen = near();
    await screen.open('?r=2000');
    await screen.useMyLocation();
    const wide = await screen.total();
    expect(await screen.radiusLabels()).toEqual(['250 m', '500 m', '1 km', '2 km', '5 km', '10 km']);

    await screen.chooseRadius(250);
    const api = apiOf(suite.baseUrl);
    const answer = await api.listPlaces({
      near: { lat: ZAGREB.latitude, lng: ZAGREB.longitude },
      radius: 250,
      limit: 1,
    });
    await screen.waitForTotal(answer.total);
    expect(answer.total).toBeLessThan(wide);
    expect(screen.url().searchParams.get('r')).toBe('250');
    const results = await screen.results();
    expect(results.every((result) => result.distance <= 250)).toBe(true);
  });

  it('searches only the chosen categories, with the filter in the link', async () => {
    const api = apiOf(suite.baseUrl);
    const { items: categories } = await api.categories();
    const category = categories[0];
    if (!category) throw new Error('No categories');
    const point = { lat: ZAGREB.latitude, lng: ZAGREB.longitude };
    const answer = await api.listPlaces({ near: point, radius: 5000, category: [category.slug], limit: 20 });
    expect(answer.total).toBeGreaterThan(0);

    const screen = near();
    await screen.open(`?lat=${point.lat}&lng=${point.lng}&r=5000&tab=near`);
    const all = await screen.total();
    await screen.toggleCategory(category.name.en ?? category.slug);
    await screen.waitForTotal(answer.total);
    expect(answer.total).toBeLessThan(all);
    expect(screen.url().searchParams.get('cat')).toBe(category.slug);
    expect((await screen.results()).map((result) => result.id)).toEqual(answer.items.map((item) => item.id));
  });

  it('explains a refused location and keeps the point the user had', async () => {
    await refuseLocation(suite.session.context);
    const screen = near();
    await screen.open('?lat=45.81&lng=15.97&r=500&tab=near');
    await screen.results();
    await screen.useMyLocation();

    const { problem, text } = await screen.locateProblem();
    expect(problem).toBe('denied');
    expect(text).toContain('site settings');
    expect(text).toContain('Picking a point on the map works without it');
    expect(text).toContain('The point you already had stays on the map.');
    expect(screen.url().searchParams.get('lat')).toBe('45.81');
    expect(screen.url().searchParams.get('lng')).toBe('15.97');
  });

  it('picks the point clicked on the map, and a new one on the next click', async () => {
    const screen = near();
    await screen.open();
    await screen.clickMap(0.3, 0.4);
    const first = await screen.pointInUrl();
    await screen.results();
    await expect.poll(() => screen.startState().count()).toBe(0);

    await screen.clickMap(0.7, 0.6);
    await expect.poll(() => screen.url().searchParams.get('lng')).not.toBe(String(first.lng));
    const second = await screen.pointInUrl();
    // Right of and below the first click: east and south of it.
    expect(second.lng).toBeGreaterThan(first.lng);
    expect(second.lat).toBeLessThan(first.lat);
  });

  it('moves the point with the arrow keys, keeping the map where it is', async () => {
    const screen = near();
    await screen.open('?lat=45.81&lng=15.97&r=500&tab=near');
    await screen.results();
    const view = await screen.mapCentre();
    await screen.movePointWithKeyboard('ArrowUp', true);
    // 50 m north is 0.00045° of latitude.
    await expect.poll(() => screen.url().searchParams.get('lat')).toBe('45.81045');
    expect(screen.url().searchParams.get('lng')).toBe('15.97');
    await screen.waitForTotal(
      (await apiOf(suite.baseUrl).listPlaces({ near: { lat: 45.81045, lng: 15.97 }, radius: 500, limit: 1 }))
        .total,
    );
    // The map stays put: it does not follow the point's 0.00045° move (a layout change such as a
    // scroll bar appearing may still shift it by a fraction of a pixel, about 0.00002°).
    const after = await screen.mapCentre();
    expect(Math.abs(after.lat - view.lat)).toBeLessThan(0.0001);
    expect(Math.abs(after.lng - view.lng)).toBeLessThan(0.0001);
  });

  it('searches at the centre of the map for someone without a pointer', async () => {
    const screen = near();
    await screen.open();
    const centre = await screen.mapCentre();
    await screen.pickMapCentreWithKeyboard();
    const point = await screen.pointInUrl();
    expect(point.lat).toBeCloseTo(centre.lat, 4);
    expect(point.lng).toBeCloseTo(centre.lng, 4);
    expect((await screen.results()).length).toBeGreaterThan(0);
  });

  it('lists on "Serves this spot" the places whose own circle covers the point, and opens their details', async () => {
    const api = apiOf(suite.baseUrl);
    const around = await api.listPlaces({
      near: { lat: ZAGREB.latitude, lng: ZAGREB.longitude },
      radius: 2000,
      limit: 100,
    });
    const serving = around.items.find((place) => place.radius !== null && place.locationPrivacy === 'exact');
    if (!serving) throw new Error('No demo place with a radius near the centre');
    // A place's own position lies inside its own circle.
    const point = { lat: serving.lat, lng: serving.lng };
    const answer = await api.listPlaces({ covers: point, limit: 20 });
    expect(answer.items.map((item) => item.id)).toContain(serving.id);

    const screen = near();
    await screen.open(`?lat=${point.lat}&lng=${point.lng}&r=1000&tab=near`);
    await screen.results();
    await screen.openTab('covers');
    expect(screen.url().searchParams.get('tab')).toBe('covers');
    await screen.waitForTotal(answer.total);
    expect(await screen.panelText()).toContain('Places whose service area includes this point');
    const results = await screen.results();
    // The places open now first, then those of unknown hours, then the closed ones; each nearest first.
    const rank = { open: 0, unknown: 1, closed: 2 };
    const openFirst = [...answer.items].sort((a, b) => rank[a.openState.state] - rank[b.openState.state]);
    expect(results.map((result) => result.id)).toEqual(openFirst.map((item) => item.id));
    const radiusOf = new Map(answer.items.map((item) => [item.id, item.radius ?? 0]));
    expect(results.every((result) => result.distance <= (radiusOf.get(result.id) ?? 0))).toBe(true);
    // Their own circles are drawn, not the search circle.
    await expect.poll(() => screen.circleCount()).toBeGreaterThanOrEqual(results.length);

    const infoWindow = await screen.selectResult(serving.id);
    expect(infoWindow).toContain(serving.name.en ?? '');
    await screen.openSelectedDetails();
    expect(screen.url().pathname).toBe(`/places/${serving.id}`);
  });
});

describeInBrowser(
  'the Near me screen in Croatian',
  (suite) => {
    it('writes distances with a decimal comma', async () => {
      const screen = new NearPage(suite.page, suite.baseUrl);
      await screen.open(`?lat=${OUTSKIRTS.lat}&lng=${OUTSKIRTS.lng}&r=5000&tab=near`);
      const results = await screen.results();
      const far = results.find((result) => result.distance >= 1000 && result.distance < 9950);
      if (!far) throw new Error('No place between 1 and 10 km of the outskirts point');
      const kilometres = (Math.round(far.distance / 100) / 10)
        .toFixed(1)
        .replace('.', ',')
        .replace(/,0$/, '');
      expect(far.shownDistance).toBe(`${kilometres} km`);
      expect(far.shownDistance).toMatch(/^\d,\d km$|^\d km$/);
      expect(results.some((result) => /^\d,\d km$/.test(result.shownDistance))).toBe(true);
      expect(await screen.radiusLabels()).toEqual(['250 m', '500 m', '1 km', '2 km', '5 km', '10 km']);
    });
  },
  { locale: 'hr-HR' },
);
