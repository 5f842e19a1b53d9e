import { expect, it } from 'vitest';
import { apiOf, placeShownAsMarker, viewOf } from '../support/api.ts';
import { describeInBrowser } from '../support/browser-suite.ts';

describeInBrowser('the list under the map', (suite) => {
  it('lists the places in view, nearest to the map centre first', async () => {
    const { karta, baseUrl } = suite;
    await karta.openHome('?lat=45.813&lng=15.977&z=14');
    const ids = await karta.listIds();
    expect(ids.length).toBeGreaterThan(1);
    const api = apiOf(baseUrl);
    const places = await Promise.all(ids.map((id) => api.getPlace(id)));
    const { center: centre } = await karta.mapState();
    const distances = places.map((p) => haversine(centre, p));
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
  });

  it('opens the info window of a place chosen in the list', async () => {
    const { karta, baseUrl } = suite;
    await karta.openHome('?lat=45.813&lng=15.977&z=14');
    const ids = await karta.listIds();
    const chosen = ids[1] ?? ids[0];
    if (chosen === undefined) throw new Error('Empty list');
    const place = await apiOf(baseUrl).getPlace(chosen);
    await karta.selectListItem(chosen);
    expect(await karta.infoWindowText()).toContain(place.name.en ?? '');
    expect(karta.url().searchParams.get('place')).toBe(String(chosen));
  });

  it('marks the list item of a marker chosen on the map', async () => {
    const { karta, baseUrl } = suite;
    const { place } = await placeShownAsMarker(baseUrl);
    await karta.openHome(viewOf(place, 17));
    await karta.listIds();
    await karta.clickMarker(place.id);
    await expect.poll(() => karta.currentListItem()).toBe(place.id);
  });

  it('filters the map and the list by category', async () => {
    const { karta, baseUrl, page } = suite;
    const { items: categories } = await apiOf(baseUrl).categories();
    const category = categories[0];
    if (!category) throw new Error('No categories');
    await karta.openHome('?lat=45.813&lng=15.977&z=14');
    await karta.listIds();
    const mapAnswer = page.waitForResponse(
      (response) =>
        response.url().includes('/api/v1/map') && response.url().includes(`category=${category.slug}`),
    );
    await karta.toggleCategory(category.name.en ?? category.slug);
    const body = (await (await mapAnswer).json()) as { places: { category: string }[] };
    expect(body.places.every((p) => p.category === category.slug)).toBe(true);
    await expect.poll(() => karta.url().searchParams.get('cat')).toBe(category.slug);
    await expect
      .poll(async () => {
        const ids = await karta.listIds();
        const api = apiOf(baseUrl);
        const places = await Promise.all(ids.slice(0, 5).map((id) => api.getPlace(id)));
        return places.every((p) => p.category === category.slug);
      })
      .toBe(true);
  });

  it('downloads the places in view with the filter, as many as the list counts', async () => {
    const { karta, baseUrl } = suite;
    const { items: categories } = await apiOf(baseUrl).categories();
    const category = categories[1];
    if (!category) throw new Error('No categories');
    await karta.openHome(`?lat=45.813&lng=15.977&z=14&cat=${category.slug}`);
    await karta.listIds();
    const total = await karta.placeCount();
    expect(total).toBeGreaterThan(0);

    const csvUrl = await karta.exportLink('csv');
    expect(csvUrl.searchParams.get('category')).toBe(category.slug);
    const csv = await (await fetch(csvUrl)).text();
    const [header = '', ...lines] = csv.trim().split('\n');
    expect(header).toContain('externalId');
    // A quoted description may span lines, so lines are at least rows; GeoJSON counts exactly.
    expect(lines.length).toBeGreaterThanOrEqual(total);

    const geojson = (await (await fetch(await karta.exportLink('geojson'))).json()) as {
      features: { properties: { category: string } }[];
    };
    expect(geojson.features).toHaveLength(total);
    expect(geojson.features.every((f) => f.properties.category === category.slug)).toBe(true);
  });
});

function haversine(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6_371_008.8 * Math.asin(Math.sqrt(h));
}
