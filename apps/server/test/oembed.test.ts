import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OEmbedResponse } from '@karta/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from './support/auth.ts';
import { insertPlace } from './support/places.ts';
import { databaseAvailable, dbKind, startTestApp, type TestApp } from './support/test-app.ts';

// Plain HTTP: the test's sessions use the cookie name of a site without HTTPS.
const SITE = 'http://karta.example.org';
/** An exact position whose digits are easy to spot in any answer (a coarse place stands there). */
const EXACT = { lat: 45.8171234, lng: 15.9817654 };
const PAGE =
  '<!doctype html><html><head><title>Karta</title></head><body><div id="root"></div></body></html>';
const HTML = { accept: 'text/html' };

/** The `src` of the answer's `<iframe>`, as a browser reads the attribute. */
function frameSrc(html: string): URL {
  const src = /<iframe src="([^"]+)"/.exec(html)?.[1] ?? '';
  return new URL(src.replace(/&amp;/g, '&').replace(/&quot;/g, '"'));
}

describe.skipIf(!databaseAvailable)(`oEmbed (${dbKind})`, () => {
  let t: TestApp;
  const webDir = mkdtempSync(join(tmpdir(), 'karta-web-'));

  beforeAll(async () => {
    writeFileSync(join(webDir, 'index.html'), PAGE);
    t = await startTestApp({ demo: false, webDistDir: webDir, env: { PUBLIC_URL: SITE } });
    await t.database.query(
      `INSERT INTO categories (slug, name, color, icon) VALUES ('pharmacy', '{"en": "Pharmacy"}', '#15803d', 'pill')`,
    );
  });
  afterAll(async () => {
    await t?.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  const oembed = (query: Record<string, string>, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `/api/v1/oembed?${new URLSearchParams(query)}`, headers });

  it('answers a view of the map with a rich iframe of its embed that keeps the filters, 640 × 400 by default', async () => {
    const url = `${SITE}/?lat=45.81&lng=15.98&z=13&cat=pharmacy,shelter&f.indoor=true&f.floors.min=2&open=now&utm_source=x`;
    const response = await oembed({ url, format: 'json' });
    expect(response.statusCode).toBe(200);
    const body = OEmbedResponse.parse(response.json());
    expect(body).toMatchObject({
      version: '1.0',
      type: 'rich',
      provider_name: 'Karta',
      provider_url: `${SITE}/`,
      width: 640,
      height: 400,
    });
    const src = frameSrc(body.html);
    expect(`${src.origin}${src.pathname}`).toBe(`${SITE}/embed`);
    expect(Object.fromEntries(src.searchParams)).toEqual({
      lat: '45.81',
      lng: '15.98',
      z: '13',
      cat: 'pharmacy,shelter',
      'f.indoor': 'true',
      'f.floors.min': '2',
      open: 'now',
      fs: '1',
    });
    expect(body.html).toContain('width="640" height="400"');
    expect(body.html).toContain(' allowfullscreen ');
    // Without format, JSON too.
    expect((await oembed({ url })).statusCode).toBe(200);
  });

  it('keeps an embed’s own options, and keeps within maxwidth and maxheight', async () => {
    const url = `${SITE}/embed?lat=45.81&lng=15.98&z=13&h=700&list=1&lang=hr`;
    const tall = OEmbedResponse.parse((await oembed({ url })).json());
    expect(tall.height).toBe(700);
    expect(frameSrc(tall.html).searchParams.get('list')).toBe('1');
    expect(frameSrc(tall.html).searchParams.get('lang')).toBe('hr');

    const bounded = OEmbedResponse.parse((await oembed({ url, maxwidth: '320', maxheight: '600' })).json());
    expect([bounded.width, bounded.height]).toEqual([320, 600]);
    expect(frameSrc(bounded.html).searchParams.get('h')).toBe('600');
    expect(bounded.html).toContain('width="320" height="600"');

    const small = OEmbedResponse.parse(
      (await oembed({ url: `${SITE}/`, maxwidth: '2000', maxheight: '250' })).json(),
    );
    expect([small.width, small.height]).toEqual([640, 250]);
    // The embed is never shorter than 300 px; in a shorter frame it keeps to the frame.
    expect(frameSrc(small.html).searchParams.get('h')).toBe('300');
  });

  it('answers a published place with its embed, at its public position only', async () => {
    const exact = await insertPlace(t.database, {
      status: 'published',
      authorId: null,
      name: 'Ljekarna Centar',
      ...EXACT,
    });
    const coarse = await insertPlace(t.database, {
      status: 'published',
      authorId: null,
      name: 'Sklonište',
      privacy: '1km',
      ...EXACT,
    });
    const shown = OEmbedResponse.parse((await oembed({ url: `${SITE}/places/${exact}` })).json());
    expect(shown.title).toBe('Ljekarna Centar · Karta');
    expect(Object.fromEntries(frameSrc(shown.html).searchParams)).toEqual({
      lat: String(EXACT.lat),
      lng: String(EXACT.lng),
      z: '16',
      place: String(exact),
      fs: '1',
    });

    const answer = await oembed({ url: `${SITE}/places/${coarse}/` });
    expect(answer.statusCode).toBe(200);
    expect(answer.body).not.toContain('8171234');
    expect(answer.body).not.toContain('9817654');
    const src = frameSrc(OEmbedResponse.parse(answer.json()).html).searchParams;
    // The position any visitor is given, which the embed shows through the public API too.
    const visitor = (await t.app.inject({ method: 'GET', url: `/api/v1/places/${coarse}` })).json() as {
      lat: number;
      lng: number;
    };
    expect([Number(src.get('lat')), Number(src.get('lng'))]).toEqual([visitor.lat, visitor.lng]);
    expect([visitor.lat, visitor.lng]).not.toEqual([EXACT.lat, EXACT.lng]);
    expect(src.get('z')).toBe('14');
  });

  it('does not know a place that is not published, even when its author asks, nor one that does not exist', async () => {
    const author = await signedInUser(t.app);
    for (const status of ['pending', 'rejected', 'archived'] as const) {
      const id = await insertPlace(t.database, { status, authorId: author.id });
      // Its author sees it on the site, but an embed is what visitors see.
      expect(
        (await t.app.inject({ method: 'GET', url: `/api/v1/places/${id}`, headers: author.headers }))
          .statusCode,
      ).toBe(200);
      const response = await oembed({ url: `${SITE}/places/${id}` }, author.headers);
      expect(response.statusCode, status).toBe(404);
      expect(response.json().error.code).toBe('not_found');
    }
    expect((await oembed({ url: `${SITE}/places/999999999` })).statusCode).toBe(404);
  });

  it('answers 404 for another site’s address, and for pages of this one that are neither the map nor a place', async () => {
    for (const url of [
      'https://elsewhere.example/?lat=45.8&lng=16',
      'https://karta.example.org/',
      'http://karta.example.org.evil.example/',
      'http://user@karta.example.org/',
      `${SITE}/sign-in`,
      `${SITE}/places/12/edit`,
      `${SITE}/api/v1/places`,
      'javascript:alert(1)',
      'not a url',
    ]) {
      const response = await oembed({ url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json().error.code).toBe('not_found');
    }
  });

  it('refuses XML with 501, and bad parameters with 400, changing nothing', async () => {
    const xml = await oembed({ url: `${SITE}/`, format: 'xml' });
    expect(xml.statusCode).toBe(501);
    expect(xml.json().error.code).toBe('oembed_format_unsupported');
    const bad: Record<string, string>[] = [
      {},
      { url: `${SITE}/`, format: 'yaml' },
      { url: `${SITE}/`, maxwidth: 'wide' },
      { url: `${SITE}/`, maxheight: '0' },
      { url: `${SITE}/${'a'.repeat(2100)}` },
    ];
    for (const query of bad) {
      const response = await oembed(query);
      expect(response.statusCode, JSON.stringify(query).slice(0, 80)).toBe(400);
      expect(response.json().error.code).toBe('validation_error');
    }
  });

  it('is named in the head of the home page and of a place’s page, and nowhere else', async () => {
    const linkOf = async (path: string) => {
      const response = await t.app.inject({ method: 'GET', url: path, headers: HTML });
      expect(response.statusCode, path).toBe(200);
      const head = response.body.slice(0, response.body.indexOf('</head>'));
      const href = /<link rel="alternate" type="application\/json\+oembed" href="([^"]+)"/.exec(head)?.[1];
      return href ? new URL(href.replace(/&amp;/g, '&')) : null;
    };
    const home = await linkOf('/');
    expect(home?.origin).toBe(SITE);
    expect(home?.pathname).toBe('/api/v1/oembed');
    expect(home?.searchParams.get('url')).toBe(`${SITE}/`);
    expect(home?.searchParams.get('format')).toBe('json');
    // Followed, it answers.
    expect((await oembed(Object.fromEntries(home?.searchParams ?? []))).statusCode).toBe(200);

    const view = await linkOf('/?lat=45.8&lng=16&cat=pharmacy');
    expect(view?.searchParams.get('url')).toBe(`${SITE}/?lat=45.8&lng=16&cat=pharmacy`);
    const place = await linkOf('/places/12');
    expect(place?.searchParams.get('url')).toBe(`${SITE}/places/12`);
    expect(await linkOf('/sign-in')).toBeNull();
    expect(await linkOf('/embed?lat=45.8&lng=16')).toBeNull();
  });
});
