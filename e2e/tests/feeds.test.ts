import { expect, it } from 'vitest';
import { nextClientAddress } from '../support/accounts.ts';
import { apiOf } from '../support/api.ts';
import { describeInBrowser } from '../support/browser-suite.ts';

/** The feed at `url` as the server answers it to a feed reader (a visitor of its own). */
async function readFeed(url: URL): Promise<{ status: number; type: string | null; body: string }> {
  const response = await fetch(url, { headers: { 'x-forwarded-for': nextClientAddress() } });
  return { status: response.status, type: response.headers.get('content-type'), body: await response.text() };
}

describeInBrowser('feeds of changes to places', (suite) => {
  it('links the map to the feed of the view on screen, with its box and the chosen categories', async () => {
    const { karta, page, baseUrl } = suite;
    await karta.openHome('?lat=45.813&lng=15.977&z=14');
    const link = page.getByTestId('feed-link');
    await link.waitFor();
    expect(await link.textContent()).toContain('Follow with a feed reader');
    const hrefOf = async () => new URL((await link.getAttribute('href')) ?? '', baseUrl);

    const url = await hrefOf();
    expect(url.pathname).toBe('/api/v1/feeds/places.atom');
    const [west = Number.NaN, south = Number.NaN, east = Number.NaN, north = Number.NaN] = (
      url.searchParams.get('bbox') ?? ''
    )
      .split(',')
      .map(Number);
    const { center } = await karta.mapState();
    expect(west).toBeLessThan(center.lng);
    expect(east).toBeGreaterThan(center.lng);
    expect(south).toBeLessThan(center.lat);
    expect(north).toBeGreaterThan(center.lat);
    // A zoom-14 view is a few kilometres across, not the world.
    expect(east - west).toBeLessThan(0.5);
    expect(url.searchParams.has('category')).toBe(false);

    const feed = await readFeed(url);
    expect(feed.status).toBe(200);
    expect(feed.type).toBe('application/atom+xml; charset=utf-8');
    expect(feed.body).toContain('<feed xmlns="http://www.w3.org/2005/Atom">');

    // Choosing a category puts it in the feed's address.
    const { items: categories } = await apiOf(baseUrl).categories();
    const category = categories[0];
    if (!category) throw new Error('No categories');
    await karta.toggleCategory(category.name.en ?? category.slug);
    await expect.poll(async () => (await hrefOf()).searchParams.get('category')).toBe(category.slug);
    expect((await hrefOf()).searchParams.get('bbox')).toBe(url.searchParams.get('bbox'));
  });

  it('names the site-wide feed in the page’s head, for browsers and feed readers that look there', async () => {
    const { karta, page, baseUrl } = suite;
    await karta.openHome();
    const alternate = page.locator('head link[rel="alternate"][type="application/atom+xml"]');
    expect(await alternate.count()).toBe(1);
    expect(await alternate.getAttribute('title')).toBeTruthy();
    const url = new URL((await alternate.getAttribute('href')) ?? '', baseUrl);
    expect(url.pathname).toBe('/api/v1/feeds/places.atom');
    expect(url.search).toBe('');
    const feed = await readFeed(url);
    expect(feed.status).toBe(200);
    expect(feed.body).toContain('<feed xmlns="http://www.w3.org/2005/Atom">');
  });
});
