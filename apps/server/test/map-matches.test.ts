import { type Bounds, ErrorBody, MapResponse, PlaceList } from '@karta/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseAvailable, dbKind, startTestApp, type TestApp } from './support/test-app.ts';

const WORLD = '-180,-85,180,85';
const ZAGREB = '15.8,45.7,16.2,45.9';

describe.skipIf(!databaseAvailable)(`GET /api/v1/map with a search, a circle or a spot (${dbKind})`, () => {
  let t: TestApp;

  const get = (url: string) => t.app.inject({ method: 'GET', url });
  const map = async (query: string) => {
    const response = await get(`/api/v1/map?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return MapResponse.parse(response.json());
  };
  const list = async (query: string) => {
    const response = await get(`/api/v1/places?${query}&limit=1`);
    expect(response.statusCode, response.body).toBe(200);
    return PlaceList.parse(response.json());
  };
  const drawn = (result: MapResponse) =>
    result.clusters.reduce((sum, cluster) => sum + cluster.count, 0) + result.places.length;
  const inside = (point: { lat: number; lng: number }, box: Bounds) =>
    point.lat >= box.south && point.lat <= box.north && point.lng >= box.west && point.lng <= box.east;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('draws every match of a search, as many as the list counts, at every zoom', async () => {
    for (const filters of ['q=pharmacy', 'q=ljekarna&category=pharmacy', 'q=library&openNow=true']) {
      const { total, totalIsLowerBound } = await list(filters);
      expect(totalIsLowerBound).toBe(false);
      for (const zoom of [3, 10, 13, 16]) {
        const answer = await map(`bbox=${WORLD}&zoom=${zoom}&${filters}`);
        expect({ filters, zoom, drawn: drawn(answer) }).toEqual({ filters, zoom, drawn: total });
        expect(answer.matches?.total).toBe(total);
      }
    }
    // Not just the first page of the list: a search with far more matches than a page.
    expect((await list('q=pharmacy')).total).toBeGreaterThan(100);
  });

  it('frames the matches: their box holds every cluster and place drawn, and nothing else is drawn', async () => {
    const answer = await map(`bbox=${ZAGREB}&zoom=12&q=pharmacy`);
    const box = answer.matches?.bounds;
    if (!box) throw new Error('No box around the matches');
    for (const feature of [...answer.clusters, ...answer.places]) expect(inside(feature, box)).toBe(true);
    // Only matches: every single place drawn is one the search finds.
    for (const place of answer.places) {
      const found = await list(`q=pharmacy&bbox=${place.lng},${place.lat},${place.lng},${place.lat}`);
      expect(found.total).toBeGreaterThan(0);
    }
  });

  it('draws the matches of a smaller view too: those in it, and clusters reaching just past its edges', async () => {
    const inBox = await list(`q=pharmacy&bbox=${ZAGREB}`);
    const everywhere = await list('q=pharmacy');
    const answer = await map(`bbox=${ZAGREB}&zoom=11&q=pharmacy`);
    expect(drawn(answer)).toBeGreaterThanOrEqual(inBox.total);
    expect(drawn(answer)).toBeLessThanOrEqual(everywhere.total);
  });

  it('draws every place of a circle and every place covering a spot, as their lists count them', async () => {
    for (const filters of [
      'near=45.81,15.98&radius=1000',
      'near=45.8,16.0&radius=5000&category=pharmacy',
      'covers=45.81,15.98',
    ]) {
      const { total } = await list(filters);
      expect(total).toBeGreaterThan(0);
      const answer = await map(`bbox=${WORLD}&zoom=14&${filters}`);
      expect({ filters, drawn: drawn(answer) }).toEqual({ filters, drawn: total });
    }
  });

  it('draws every match from the index when they are more than the list counts, as SQL counts them', async () => {
    const { rows } = await t.database.query<{ total: number }>(
      `SELECT count(*)::int AS total FROM places WHERE status = 'published' AND search_text LIKE '%a%'`,
    );
    const all = rows[0]?.total ?? 0;
    expect(all).toBeGreaterThan(1000);
    expect((await list('q=a')).totalIsLowerBound).toBe(true);
    for (const zoom of [3, 12]) {
      const answer = await map(`bbox=${WORLD}&zoom=${zoom}&q=a`);
      expect(drawn(answer)).toBe(all);
      expect(answer.matches?.total).toBe(all);
    }
  });

  it('follows a change at once, and draws a search found only by its typos as the list finds them', async () => {
    const { rows } = await t.database.query<{ id: number }>(
      `UPDATE places SET name = '{"hr": "Quokkarium"}'
       WHERE id = (SELECT min(id) FROM places WHERE status = 'published') RETURNING id`,
    );
    await t.mapIndex.catchUp();
    expect((await map(`bbox=${WORLD}&zoom=10&q=quokkarium`)).matches?.total).toBe(1);
    const typo = await map(`bbox=${WORLD}&zoom=10&q=quokkariun`);
    expect(typo.matches?.total).toBe((await list('q=quokkariun')).total);
    expect(typo.matches?.total).toBeGreaterThan(0);
    await t.database.query(`UPDATE places SET status = 'archived' WHERE id = $1`, [rows[0]?.id]);
    await t.mapIndex.catchUp();
    expect((await map(`bbox=${WORLD}&zoom=10&q=quokkarium`)).matches?.total).toBe(0);
  });

  it('answers a search that finds nothing with an empty map and no box', async () => {
    const answer = await map(`bbox=${WORLD}&zoom=10&q=qqxyzzyqq`);
    expect(answer).toEqual({ clusters: [], places: [], matches: { total: 0, bounds: null } });
  });

  it('refuses a radius without its point, and a point without its radius, as the list does', async () => {
    for (const query of [`bbox=${ZAGREB}&zoom=10&radius=500`, `bbox=${ZAGREB}&zoom=10&near=45.8,16`]) {
      const response = await get(`/api/v1/map?${query}`);
      expect(response.statusCode).toBe(400);
      expect(ErrorBody.parse(response.json()).error.code).toBe('validation_error');
    }
  });
});
