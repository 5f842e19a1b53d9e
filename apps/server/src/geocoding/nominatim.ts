import type { GeocodeItem, GeocodeKind, LocationPrivacy } from '@karta/contracts';
import { addressLabel } from './address-label.ts';
import type { GeocodeReverse, GeocodeSearch, GeocodeSource } from './geocode-source.ts';
import { coordinate, fetchJson, textOf } from './upstream.ts';

/** Nominatim's `zoom` for each precision: 18 a building, 17 a street, 14 a suburb or village. */
const REVERSE_ZOOM: Record<LocationPrivacy, string> = { exact: '18', '100m': '17', '1km': '14' };

/** How far from `near` (degrees) Nominatim's `viewbox` prefers answers. */
const NEAR_DEGREES = 0.5;

/** Nominatim's `addresstype` values that name a town or village. */
const TOWN_TYPES = new Set(['city', 'town', 'village', 'hamlet', 'municipality', 'isolated_dwelling']);
const STREET_TYPES = new Set(['road', 'street']);

interface NominatimOptions {
  url: string;
  countries: readonly string[];
  userAgent: string;
}

/**
 * A Nominatim service (https://nominatim.org/release-docs/latest/api/Overview/): `/search` and
 * `/reverse` with `format=jsonv2` and `addressdetails=1`, limited to the site's countries.
 * Data © OpenStreetMap contributors, ODbL.
 */
export function nominatimSource({ url, countries, userAgent }: NominatimOptions): GeocodeSource {
  const endpoint = (path: string, language: string) => {
    const target = new URL(`${url}/${path}`);
    target.searchParams.set('format', 'jsonv2');
    target.searchParams.set('addressdetails', '1');
    target.searchParams.set('accept-language', language);
    return target;
  };
  return {
    attribution: '© OpenStreetMap contributors (ODbL), Nominatim',
    remote: true,
    async search({ q, near, limit, language }: GeocodeSearch, signal) {
      const target = endpoint('search', language);
      target.searchParams.set('q', q);
      target.searchParams.set('limit', String(limit));
      target.searchParams.set('countrycodes', countries.join(','));
      if (near) {
        const { lat, lng } = near;
        const box = [lng - NEAR_DEGREES, lat + NEAR_DEGREES, lng + NEAR_DEGREES, lat - NEAR_DEGREES];
        target.searchParams.set('viewbox', box.map((value) => value.toFixed(5)).join(','));
      }
      const answer = await fetchJson(target, userAgent, language, signal);
      if (!Array.isArray(answer)) return [];
      return answer.flatMap((entry) => readPlace(entry) ?? []).slice(0, limit);
    },
    async reverse({ lat, lng, precision, language }: GeocodeReverse, signal) {
      const target = endpoint('reverse', language);
      target.searchParams.set('lat', String(lat));
      target.searchParams.set('lon', String(lng));
      target.searchParams.set('zoom', REVERSE_ZOOM[precision]);
      // Nothing there is `{"error": "Unable to geocode"}` with status 200.
      return readPlace(await fetchJson(target, userAgent, language, signal));
    },
  };
}

/** One of Nominatim's `jsonv2` places as an answer; null for anything else. */
function readPlace(entry: unknown): GeocodeItem | null {
  if (typeof entry !== 'object' || entry === null || 'error' in entry) return null;
  const place = entry as Record<string, unknown>;
  const lat = coordinate(place.lat);
  const lng = coordinate(place.lon);
  if (lat === null || lng === null || Math.abs(lat) > 90 || Math.abs(lng) > 180) return null;
  const parts = (typeof place.address === 'object' && place.address !== null ? place.address : {}) as Record<
    string,
    unknown
  >;
  const city =
    textOf(parts.city) ??
    textOf(parts.town) ??
    textOf(parts.village) ??
    textOf(parts.hamlet) ??
    textOf(parts.municipality);
  const address = {
    street: textOf(parts.road) ?? textOf(parts.pedestrian) ?? textOf(parts.square) ?? textOf(parts.footway),
    housenumber: textOf(parts.house_number),
    postcode: textOf(parts.postcode),
    city,
    country: textOf(parts.country),
  };
  const type = textOf(place.addresstype) ?? textOf(place.type) ?? '';
  const kind: GeocodeKind =
    address.housenumber && address.street
      ? 'house'
      : STREET_TYPES.has(type) || place.category === 'highway'
        ? 'street'
        : TOWN_TYPES.has(type)
          ? 'town'
          : 'place';
  const name = textOf(place.name);
  const region = textOf(parts.county) ?? textOf(parts.state) ?? address.country;
  const label =
    kind === 'town'
      ? addressLabel({ ...address, city: name ?? city, postcode: null }, null, region)
      : addressLabel(address, kind === 'place' || kind === 'house' ? name : null);
  return { label, lat, lng, kind, address: kind === 'town' ? { ...address, city: name ?? city } : address };
}
