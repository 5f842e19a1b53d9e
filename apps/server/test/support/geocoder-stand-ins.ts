import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { foldText } from '@karta/place-search';

/** A request a stand-in received: its path, its parameters and its headers. */
export interface ReceivedRequest {
  path: string;
  params: URLSearchParams;
  headers: IncomingHttpHeaders;
  at: number;
}

/** How a stand-in behaves: answers, fails with a 503 page, or never answers. */
export type StandInMode = 'ok' | 'down' | 'hang';

export interface GeocoderStandIn {
  /** The base URL for GEOCODER_URL. */
  url: string;
  requests: ReceivedRequest[];
  setMode(mode: StandInMode): void;
  close(): Promise<void>;
}

/** An address as OpenStreetMap holds it, which each stand-in writes in its own format. */
interface Known {
  name: string | null;
  kind: 'house' | 'street' | 'city' | 'square';
  lat: number;
  lng: number;
  street?: string;
  housenumber?: string;
  postcode?: string;
  city?: string;
  country: string;
  countryCode: string;
}

/** A few real addresses and towns (and one across the border, which a country filter must drop). */
export const KNOWN: readonly Known[] = [
  {
    name: null,
    kind: 'house',
    lat: 45.8132246,
    lng: 15.9756382,
    street: 'Ilica',
    housenumber: '1',
    postcode: '10000',
    city: 'Zagreb',
    country: 'Hrvatska',
    countryCode: 'hr',
  },
  {
    name: 'Ilica',
    kind: 'street',
    lat: 45.8124671,
    lng: 15.9601217,
    street: 'Ilica',
    postcode: '10000',
    city: 'Zagreb',
    country: 'Hrvatska',
    countryCode: 'hr',
  },
  {
    name: 'Trg bana Josipa Jelačića',
    kind: 'square',
    lat: 45.8130869,
    lng: 15.9772773,
    postcode: '10000',
    city: 'Zagreb',
    country: 'Hrvatska',
    countryCode: 'hr',
  },
  { name: 'Samobor', kind: 'city', lat: 45.8011, lng: 15.7106, country: 'Hrvatska', countryCode: 'hr' },
  {
    name: 'Ilirska Bistrica',
    kind: 'city',
    lat: 45.5679,
    lng: 14.2407,
    country: 'Slovenija',
    countryCode: 'si',
  },
];

const text = (known: Known) =>
  foldText(
    [known.name, known.street, known.housenumber, known.postcode, known.city].filter(Boolean).join(' '),
  );

/** Known addresses holding every word of `q`. */
function matching(q: string): Known[] {
  const words = foldText(q).split(' ').filter(Boolean);
  return KNOWN.filter((known) => words.every((word) => ` ${text(known)}`.includes(` ${word}`)));
}

/** The nearest known address within `metres`, by an equirectangular distance. */
function nearest(lat: number, lng: number, metres: number): Known | null {
  let best: { known: Known; distance: number } | null = null;
  for (const known of KNOWN) {
    const dy = (known.lat - lat) * 111_320;
    const dx = (known.lng - lng) * 111_320 * Math.cos((lat * Math.PI) / 180);
    const distance = Math.hypot(dx, dy);
    if (distance <= metres && (!best || distance < best.distance)) best = { known, distance };
  }
  return best?.known ?? null;
}

type Answer = { status: number; body: unknown };

async function startStandIn(
  answer: (path: string, params: URLSearchParams) => Answer,
): Promise<GeocoderStandIn> {
  const requests: ReceivedRequest[] = [];
  let mode: StandInMode = 'ok';
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    requests.push({ path: url.pathname, params: url.searchParams, headers: request.headers, at: Date.now() });
    if (mode === 'hang') return;
    if (mode === 'down') {
      response.writeHead(503, { 'content-type': 'text/html' }).end('<h1>Service Unavailable</h1>');
      return;
    }
    const { status, body } = answer(url.pathname, url.searchParams);
    response
      .writeHead(status, { 'content-type': 'application/json; charset=utf-8' })
      .end(JSON.stringify(body));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    setMode(next) {
      mode = next;
    },
    close: () =>
      new Promise((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

/** A place as Nominatim's `format=jsonv2` writes it: coordinates as strings, the address in parts. */
function nominatimPlace(known: Known, index: number) {
  const addresstype = { house: 'building', street: 'road', city: 'town', square: 'square' }[known.kind];
  const address: Record<string, string> = {};
  if (known.housenumber) address.house_number = known.housenumber;
  if (known.street) address.road = known.street;
  if (known.kind === 'square' && known.name) address.square = known.name;
  if (known.kind === 'city' && known.name) address.town = known.name;
  if (known.city) address.city = known.city;
  if (known.postcode) address.postcode = known.postcode;
  address.country = known.country;
  address.country_code = known.countryCode;
  return {
    place_id: 1000 + index,
    licence: 'Data © OpenStreetMap contributors, ODbL 1.0. http://osm.org/copyright',
    osm_type: 'way',
    osm_id: 2000 + index,
    lat: known.lat.toFixed(7),
    lon: known.lng.toFixed(7),
    category: known.kind === 'street' ? 'highway' : known.kind === 'city' ? 'place' : 'building',
    type: known.kind === 'street' ? 'residential' : known.kind === 'city' ? 'town' : 'yes',
    place_rank: known.kind === 'house' ? 30 : known.kind === 'city' ? 16 : 26,
    importance: 0.1,
    addresstype,
    name: known.name ?? '',
    display_name: [known.name, known.housenumber, known.street, known.city, known.postcode, known.country]
      .filter(Boolean)
      .join(', '),
    address,
    boundingbox: [known.lat - 0.001, known.lat + 0.001, known.lng - 0.001, known.lng + 0.001].map(String),
  };
}

/**
 * A local Nominatim: `/search` and `/reverse` in `format=jsonv2`, nothing found at a point being
 * `{"error": "Unable to geocode"}` with status 200, as the real service answers. Its reverse
 * ignores `zoom` and names the house, so the caller's own coarsening is what is tested.
 */
export function startNominatimStandIn(): Promise<GeocoderStandIn> {
  return startStandIn((path, params) => {
    if (path === '/search') {
      const countries = params.get('countrycodes')?.split(',') ?? null;
      const limit = Number(params.get('limit') ?? 10);
      const found = matching(params.get('q') ?? '')
        .filter((known) => !countries || countries.includes(known.countryCode))
        .slice(0, limit);
      return { status: 200, body: found.map((known) => nominatimPlace(known, KNOWN.indexOf(known))) };
    }
    if (path === '/reverse') {
      const known = nearest(Number(params.get('lat')), Number(params.get('lon')), 300);
      return {
        status: 200,
        body: known ? nominatimPlace(known, KNOWN.indexOf(known)) : { error: 'Unable to geocode' },
      };
    }
    return { status: 404, body: { error: { code: 404, message: 'Not found' } } };
  });
}

/** A feature as Photon writes it: GeoJSON, `[lon, lat]` numbers, the address in properties. */
function photonFeature(known: Known, index: number) {
  const type = { house: 'house', street: 'street', city: 'city', square: 'other' }[known.kind];
  return {
    type: 'Feature',
    geometry: { type: 'Point', coordinates: [known.lng, known.lat] },
    properties: {
      osm_type: 'W',
      osm_id: 2000 + index,
      osm_key: known.kind === 'street' ? 'highway' : known.kind === 'city' ? 'place' : 'building',
      osm_value: known.kind === 'city' ? 'town' : 'yes',
      type,
      ...(known.name ? { name: known.name } : {}),
      ...(known.housenumber ? { housenumber: known.housenumber } : {}),
      ...(known.street && known.kind !== 'street' ? { street: known.street } : {}),
      ...(known.postcode ? { postcode: known.postcode } : {}),
      ...(known.city && known.kind !== 'city' ? { city: known.city } : {}),
      country: known.country,
      countrycode: known.countryCode.toUpperCase(),
    },
  };
}

/**
 * A local Photon: `/api` and `/reverse` answering GeoJSON. Like the real one it has no country
 * filter on search, so the Slovenian town comes back when asked for.
 */
export function startPhotonStandIn(): Promise<GeocoderStandIn> {
  return startStandIn((path, params) => {
    if (path === '/api') {
      const limit = Number(params.get('limit') ?? 15);
      const found = matching(params.get('q') ?? '').slice(0, limit);
      return {
        status: 200,
        body: { type: 'FeatureCollection', features: found.map((k) => photonFeature(k, KNOWN.indexOf(k))) },
      };
    }
    if (path === '/reverse') {
      const known = nearest(Number(params.get('lat')), Number(params.get('lon')), 300);
      return {
        status: 200,
        body: {
          type: 'FeatureCollection',
          features: known ? [photonFeature(known, KNOWN.indexOf(known))] : [],
        },
      };
    }
    return { status: 400, body: { message: 'Unknown endpoint' } };
  });
}
