import { ErrorBody, GeocodeAnswer, ReverseGeocodeAnswer } from '@karta/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../src/config/env.ts';
import { geocoderEnv } from '../src/config/geocoder.ts';
import { SERVER_VERSION } from '../src/config/paths.ts';
import { createGeocoder } from '../src/geocoding/geocoder.ts';
import { nextAddress } from './support/auth.ts';
import {
  type GeocoderStandIn,
  startNominatimStandIn,
  startPhotonStandIn,
} from './support/geocoder-stand-ins.ts';
import { insertPlace } from './support/places.ts';
import {
  databaseAvailable,
  dbKind,
  type ServerInstance,
  startInstance,
  startTestApp,
  type TestApp,
} from './support/test-app.ts';

const PUBLIC_URL = 'https://karta.example.org';
/** Ilica 1 in Zagreb, where the stand-ins know a house. */
const ILICA_1 = { lat: 45.8132246, lng: 15.9756382 };

/** Settings of a geocoder as the environment gives them. */
const geocoderSettings = (env: Record<string, string>) =>
  geocoderEnv(PUBLIC_URL, SERVER_VERSION).parse(env).geocoder;

describe.skipIf(!databaseAvailable)(`address search (${dbKind})`, () => {
  let t: TestApp;
  let nominatim: GeocoderStandIn;
  let photon: GeocoderStandIn;
  const instances: ServerInstance[] = [];

  /** Another instance on the same database, with `GEOCODER` and friends from `env`. */
  const instanceWith = async (env: Record<string, string>) => {
    const config: Config = { ...t.config, geocoder: geocoderSettings(env) };
    const instance = await startInstance(t, { config });
    instances.push(instance);
    return instance;
  };
  const get = (instance: { app: TestApp['app'] }, url: string) =>
    instance.app.inject({ method: 'GET', url, remoteAddress: nextAddress() });

  beforeAll(async () => {
    t = await startTestApp({ demo: false, env: { PUBLIC_URL } });
    nominatim = await startNominatimStandIn();
    photon = await startPhotonStandIn();
    const { rows } = await t.database.query<{ id: number }>(
      `INSERT INTO categories (slug, name, color, icon) VALUES ('shelter', '{"en": "Shelter"}', '#15803d', 'home') RETURNING id`,
    );
    const categoryId = rows[0]?.id ?? 0;
    await insertPlace(t.database, {
      status: 'published',
      authorId: null,
      name: { hr: 'Prihvatilište Vlaška' },
      categoryId,
      lat: 45.81455,
      lng: 15.98412,
      address: 'Vlaška 70, 10000 Zagreb',
    });
    // Its public position is up to a kilometre away: its address must not be offered as a spot.
    await insertPlace(t.database, {
      status: 'published',
      authorId: null,
      name: { hr: 'Sigurna kuća' },
      categoryId,
      lat: 45.8003,
      lng: 15.9701,
      address: 'Tajna ulica 5, 10000 Zagreb',
      privacy: '1km',
    });
  });
  afterAll(async () => {
    for (const instance of instances) await instance.close();
    await nominatim?.close();
    await photon?.close();
    await t?.close();
  });

  describe('built in (the default)', () => {
    it('finds towns of the site’s countries, the one named so first, with GeoNames credited', async () => {
      const response = await get(t, '/api/v1/geocode?q=samobor&near=45.8,16.0');
      expect(response.statusCode, response.body).toBe(200);
      const answer = GeocodeAnswer.parse(response.json());
      expect(answer.attribution).toContain('GeoNames');
      expect(answer.items[0]).toMatchObject({
        kind: 'town',
        address: { city: 'Samobor', country: 'Croatia' },
      });
      expect(answer.items[0]?.lat).toBeCloseTo(45.8, 1);
      // Another country's towns are not the site's.
      const abroad = GeocodeAnswer.parse((await get(t, '/api/v1/geocode?q=Ljubljana')).json());
      expect(abroad.items).toEqual([]);
    });

    it('answers in the language asked for', async () => {
      const answer = GeocodeAnswer.parse((await get(t, '/api/v1/geocode?q=Samobor&lang=hr')).json());
      expect(answer.items[0]?.address.country).toBe('Hrvatska');
    });

    it('finds the addresses of published places placed exactly, never those of private ones', async () => {
      const answer = GeocodeAnswer.parse((await get(t, '/api/v1/geocode?q=Vlaska%2070')).json());
      expect(answer.items[0]).toMatchObject({
        label: 'Vlaška 70, 10000 Zagreb',
        kind: 'house',
        lat: 45.81455,
        lng: 15.98412,
        address: { street: 'Vlaška', housenumber: '70', postcode: '10000', city: 'Zagreb' },
      });
      const hidden = GeocodeAnswer.parse((await get(t, '/api/v1/geocode?q=Tajna%20ulica')).json());
      expect(hidden.items.map((item) => item.label).join()).not.toContain('Tajna');
    });

    it('names the address at a place, then only its street or its town as the precision allows', async () => {
      const exact = ReverseGeocodeAnswer.parse(
        (await get(t, '/api/v1/geocode/reverse?lat=45.81456&lng=15.98413')).json(),
      );
      expect(exact).toMatchObject({ kind: 'house', address: { housenumber: '70' } });
      const street = ReverseGeocodeAnswer.parse(
        (await get(t, '/api/v1/geocode/reverse?lat=45.81456&lng=15.98413&precision=100m')).json(),
      );
      expect(street).toMatchObject({
        kind: 'street',
        label: 'Vlaška, 10000 Zagreb',
        lat: 45.815,
        lng: 15.984,
      });
      expect(street.address.housenumber).toBeNull();
      const town = ReverseGeocodeAnswer.parse(
        (await get(t, '/api/v1/geocode/reverse?lat=45.81456&lng=15.98413&precision=1km')).json(),
      );
      expect(town).toMatchObject({
        kind: 'town',
        address: { street: null, housenumber: null, city: 'Zagreb' },
      });
      // Out at sea: no town within reach.
      const sea = await get(t, '/api/v1/geocode/reverse?lat=43.0&lng=15.0');
      expect(sea.statusCode).toBe(404);
      expect(ErrorBody.parse(sea.json()).error.code).toBe('not_found');
    });

    it('refuses bad input with a 400 and names the parameter', async () => {
      for (const url of [
        '/api/v1/geocode',
        '/api/v1/geocode?q=%20%20',
        '/api/v1/geocode?q=x&limit=99',
        '/api/v1/geocode/reverse?lat=91&lng=15',
        '/api/v1/geocode/reverse?lat=45&lng=15&precision=10m',
      ]) {
        const response = await get(t, url);
        expect(response.statusCode, url).toBe(400);
        expect(ErrorBody.parse(response.json()).error.code, url).toBe('validation_error');
      }
    });

    it('tells the browser which geocoder answers', async () => {
      const config = (await get(t, '/api/v1/config')).json();
      expect(config.geocoder).toEqual({
        attribution: expect.stringContaining('GeoNames'),
        searchOnEnterOnly: false,
      });
    });
  });

  describe('Nominatim', () => {
    it('speaks /search as Nominatim expects, reads string coordinates, and asks once for a repeated query', async () => {
      const instance = await instanceWith({ GEOCODER: 'nominatim', GEOCODER_URL: nominatim.url });
      const before = nominatim.requests.length;
      const response = await get(instance, '/api/v1/geocode?q=Ilica%201&near=45.81,15.97&lang=hr&limit=3');
      expect(response.statusCode, response.body).toBe(200);
      const answer = GeocodeAnswer.parse(response.json());
      expect(answer.attribution).toContain('OpenStreetMap');
      expect(answer.items[0]).toEqual({
        label: 'Ilica 1, 10000 Zagreb',
        lat: ILICA_1.lat,
        lng: ILICA_1.lng,
        kind: 'house',
        address: {
          street: 'Ilica',
          housenumber: '1',
          postcode: '10000',
          city: 'Zagreb',
          country: 'Hrvatska',
        },
      });
      const sent = nominatim.requests.slice(before);
      expect(sent).toHaveLength(1);
      const [request] = sent;
      expect(request?.path).toBe('/search');
      expect(Object.fromEntries(request?.params ?? [])).toMatchObject({
        q: 'Ilica 1',
        format: 'jsonv2',
        addressdetails: '1',
        countrycodes: 'hr',
        'accept-language': 'hr',
        limit: '3',
      });
      expect(request?.params.get('viewbox')).toMatch(/^15\.47000,46\.31000,16\.47000,45\.31000$/);
      expect(request?.headers['user-agent']).toBe(`Karta/${SERVER_VERSION} (+${PUBLIC_URL})`);
      expect(request?.headers.cookie).toBeUndefined();

      // The same query again, from another client: answered from the cache, nothing sent.
      const again = GeocodeAnswer.parse(
        (await get(instance, '/api/v1/geocode?q=Ilica%201&near=45.81,15.97&lang=hr&limit=3')).json(),
      );
      expect(again).toEqual(answer);
      expect(nominatim.requests.length).toBe(before + 1);
    });

    it('names a town by its name and region, and drops what is abroad', async () => {
      const instance = await instanceWith({ GEOCODER: 'nominatim', GEOCODER_URL: nominatim.url });
      const town = GeocodeAnswer.parse((await get(instance, '/api/v1/geocode?q=Samobor')).json());
      expect(town.items).toEqual([expect.objectContaining({ kind: 'town', label: 'Samobor, Hrvatska' })]);
      const abroad = GeocodeAnswer.parse(
        (await get(instance, '/api/v1/geocode?q=Ilirska%20Bistrica')).json(),
      );
      expect(abroad.items).toEqual([]);
    });

    it('asks /reverse at the zoom of the precision, and says no more than it allows whatever comes back', async () => {
      const instance = await instanceWith({ GEOCODER: 'nominatim', GEOCODER_URL: nominatim.url });
      const at = `lat=${ILICA_1.lat}&lng=${ILICA_1.lng}`;
      const exact = ReverseGeocodeAnswer.parse((await get(instance, `/api/v1/geocode/reverse?${at}`)).json());
      expect(exact).toMatchObject({ kind: 'house', label: 'Ilica 1, 10000 Zagreb' });
      expect(nominatim.requests.at(-1)?.params.get('zoom')).toBe('18');

      const street = ReverseGeocodeAnswer.parse(
        (await get(instance, `/api/v1/geocode/reverse?${at}&precision=100m`)).json(),
      );
      expect(nominatim.requests.at(-1)?.params.get('zoom')).toBe('17');
      // The stand-in still named the house: Karta drops the number and rounds the position.
      expect(street).toMatchObject({
        kind: 'street',
        label: 'Ilica, 10000 Zagreb',
        lat: 45.813,
        lng: 15.976,
      });
      expect(street.address.housenumber).toBeNull();

      const town = ReverseGeocodeAnswer.parse(
        (await get(instance, `/api/v1/geocode/reverse?${at}&precision=1km`)).json(),
      );
      expect(nominatim.requests.at(-1)?.params.get('zoom')).toBe('14');
      expect(town).toMatchObject({ kind: 'town', label: 'Zagreb', lat: 45.81, lng: 15.98 });
      expect(town.address).toMatchObject({ street: null, housenumber: null, postcode: null });

      // Nominatim's "nothing here" is an error object with status 200.
      const nothing = await get(instance, '/api/v1/geocode/reverse?lat=44.0&lng=14.0');
      expect(nothing.statusCode).toBe(404);
    });

    it('answers 503 geocoder_unavailable when the service fails or hangs, within 5 s, and caches nothing', async () => {
      const instance = await instanceWith({ GEOCODER: 'nominatim', GEOCODER_URL: nominatim.url });
      try {
        nominatim.setMode('down');
        const down = await get(instance, '/api/v1/geocode?q=Trg%20bana');
        expect(down.statusCode).toBe(503);
        expect(ErrorBody.parse(down.json()).error.code).toBe('geocoder_unavailable');

        nominatim.setMode('hang');
        const started = Date.now();
        const hung = await get(instance, '/api/v1/geocode?q=Trg%20bana%20Jelacica');
        expect(hung.statusCode).toBe(503);
        expect(ErrorBody.parse(hung.json()).error.code).toBe('geocoder_unavailable');
        expect(Date.now() - started).toBeLessThan(5_000);
      } finally {
        nominatim.setMode('ok');
      }
      // The failure was not cached: the service is asked again, and answers.
      const recovered = GeocodeAnswer.parse((await get(instance, '/api/v1/geocode?q=Trg%20bana')).json());
      expect(recovered.items[0]).toMatchObject({
        kind: 'place',
        label: 'Trg bana Josipa Jelačića, 10000 Zagreb',
      });
    });

    it('keeps to one request a second for the whole site against the public Nominatim, and asks once for identical ones', async () => {
      // The public host's settings, pointed at the stand-in (this machine cannot reach the real one).
      const settings = geocoderSettings({ GEOCODER: 'nominatim' });
      expect(settings?.publicNominatim).toBe(true);
      expect(settings?.url).toBe('https://nominatim.openstreetmap.org');
      const geocoder = createGeocoder(settings && { ...settings, url: nominatim.url }, t.database, 'en');
      expect(geocoder?.searchOnEnterOnly).toBe(true);
      const before = nominatim.requests.length;
      const queries = ['pace one', 'pace two', 'pace three', 'pace three'];
      const answers = await Promise.all(queries.map((q) => geocoder?.search({ q, lang: 'en' })));
      expect(answers.every((answer) => answer !== undefined)).toBe(true);
      const sent = nominatim.requests.slice(before);
      // "pace three" twice at once is one request.
      expect(sent).toHaveLength(3);
      // Each request starts a second after the one before; when each reaches the stand-in varies
      // by a few milliseconds on a busy machine (986 ms apart was seen), so arrivals are allowed
      // 50 ms of that. Unpaced, they would arrive together.
      for (let i = 1; i < sent.length; i++) {
        expect((sent[i]?.at ?? 0) - (sent[i - 1]?.at ?? 0)).toBeGreaterThanOrEqual(950);
      }
    });
  });

  describe('Photon', () => {
    it('speaks /api, reads [lon, lat], and drops answers outside the site’s countries', async () => {
      const instance = await instanceWith({ GEOCODER: 'photon', GEOCODER_URL: photon.url });
      const response = await get(instance, '/api/v1/geocode?q=Ilica&near=45.81,15.97&lang=en&limit=5');
      expect(response.statusCode, response.body).toBe(200);
      const answer = GeocodeAnswer.parse(response.json());
      expect(answer.items.map((item) => item.kind)).toEqual(['house', 'street']);
      expect(answer.items[0]).toMatchObject({
        lat: ILICA_1.lat,
        lng: ILICA_1.lng,
        label: 'Ilica 1, 10000 Zagreb',
      });
      const request = photon.requests.at(-1);
      expect(request?.path).toBe('/api');
      expect(Object.fromEntries(request?.params ?? [])).toMatchObject({
        q: 'Ilica',
        lat: '45.81',
        lon: '15.97',
        lang: 'en',
        limit: '15',
      });
      expect(request?.headers['user-agent']).toBe(`Karta/${SERVER_VERSION} (+${PUBLIC_URL})`);

      const abroad = GeocodeAnswer.parse((await get(instance, '/api/v1/geocode?q=Ilirska')).json());
      expect(abroad.items).toEqual([]);
    });

    it('asks /reverse by layer for a coarse precision', async () => {
      const instance = await instanceWith({ GEOCODER: 'photon', GEOCODER_URL: photon.url });
      const town = ReverseGeocodeAnswer.parse(
        (
          await get(instance, `/api/v1/geocode/reverse?lat=${ILICA_1.lat}&lng=${ILICA_1.lng}&precision=1km`)
        ).json(),
      );
      expect(photon.requests.at(-1)?.params.getAll('layer')).toEqual(['district', 'city', 'locality']);
      expect(town).toMatchObject({
        kind: 'town',
        label: 'Zagreb',
        address: { street: null, housenumber: null },
      });
      const nothing = await get(instance, '/api/v1/geocode/reverse?lat=44.0&lng=14.0');
      expect(nothing.statusCode).toBe(404);
    });
  });

  describe('off', () => {
    it('answers 503 and tells the browser there is no address search', async () => {
      const instance = await instanceWith({ GEOCODER: 'off' });
      const response = await get(instance, '/api/v1/geocode?q=Zagreb');
      expect(response.statusCode).toBe(503);
      expect(ErrorBody.parse(response.json()).error.code).toBe('geocoder_unavailable');
      expect((await get(instance, '/api/v1/config')).json().geocoder).toBeNull();
    });
  });
});
