import type { GeocodeItem, GeocodeKind, LocationPrivacy } from '@karta/contracts';
import { addressLabel } from './address-label.ts';
import type { GeocodeReverse, GeocodeSearch, GeocodeSource } from './geocode-source.ts';
import { coordinate, fetchJson, textOf } from './upstream.ts';

/** The languages Photon's public build names places in; others get the local names. */
const PHOTON_LANGUAGES = new Set(['default', 'en', 'de', 'fr', 'it']);

/** Photon's layers an answer of each precision may come from (`layer=`, repeated). */
const REVERSE_LAYERS: Record<LocationPrivacy, readonly string[]> = {
  exact: [],
  '100m': ['street', 'district', 'city', 'locality'],
  '1km': ['district', 'city', 'locality'],
};

/** Photon's search has no country filter: more answers are asked for, and others dropped here. */
const OVER_ASK = 3;

interface PhotonOptions {
  url: string;
  countries: readonly string[];
  userAgent: string;
}

/**
 * A Photon service (https://github.com/komoot/photon/blob/master/docs/api-v1.md): `/api` and
 * `/reverse`, answering GeoJSON with `[lon, lat]` coordinates. Data © OpenStreetMap contributors.
 */
export function photonSource({ url, countries, userAgent }: PhotonOptions): GeocodeSource {
  const wanted = new Set(countries.map((code) => code.toUpperCase()));
  const endpoint = (path: string, language: string, limit: number) => {
    const target = new URL(`${url}/${path}`);
    target.searchParams.set('limit', String(limit));
    if (PHOTON_LANGUAGES.has(language)) target.searchParams.set('lang', language);
    return target;
  };
  const read = (answer: unknown): GeocodeItem[] => {
    const features = (answer as { features?: unknown } | null)?.features;
    if (!Array.isArray(features)) return [];
    return features.flatMap((feature) => readFeature(feature, wanted) ?? []);
  };
  return {
    attribution: '© OpenStreetMap contributors (ODbL), Photon',
    remote: true,
    async search({ q, near, limit, language }: GeocodeSearch, signal) {
      const target = endpoint('api', language, Math.min(50, limit * OVER_ASK));
      target.searchParams.set('q', q);
      if (near) {
        target.searchParams.set('lat', String(near.lat));
        target.searchParams.set('lon', String(near.lng));
      }
      return read(await fetchJson(target, userAgent, language, signal)).slice(0, limit);
    },
    async reverse({ lat, lng, precision, language }: GeocodeReverse, signal) {
      const target = endpoint('reverse', language, 1);
      target.searchParams.set('lat', String(lat));
      target.searchParams.set('lon', String(lng));
      for (const layer of REVERSE_LAYERS[precision]) target.searchParams.append('layer', layer);
      return read(await fetchJson(target, userAgent, language, signal))[0] ?? null;
    },
  };
}

/** Photon's `type` of each kind of answer. */
function kindOf(type: string, hasHouse: boolean): GeocodeKind {
  if (type === 'house' && hasHouse) return 'house';
  if (type === 'street') return 'street';
  if (type === 'city' || type === 'locality') return 'town';
  return 'place';
}

/** One GeoJSON feature of Photon's as an answer, if it is a point in the site's countries. */
function readFeature(feature: unknown, wanted: ReadonlySet<string>): GeocodeItem | null {
  if (typeof feature !== 'object' || feature === null) return null;
  const { geometry, properties } = feature as { geometry?: unknown; properties?: unknown };
  const coordinates = (geometry as { coordinates?: unknown } | null)?.coordinates;
  if (!Array.isArray(coordinates) || typeof properties !== 'object' || properties === null) return null;
  // GeoJSON order: longitude first.
  const lng = coordinate(coordinates[0]);
  const lat = coordinate(coordinates[1]);
  if (lat === null || lng === null || Math.abs(lat) > 90 || Math.abs(lng) > 180) return null;
  const p = properties as Record<string, unknown>;
  const countryCode = textOf(p.countrycode)?.toUpperCase();
  if (!countryCode || !wanted.has(countryCode)) return null;
  const type = textOf(p.type) ?? '';
  const name = textOf(p.name);
  const housenumber = textOf(p.housenumber);
  const street = textOf(p.street) ?? (type === 'street' ? name : null);
  const kind = kindOf(type, Boolean(housenumber && street));
  const city = kind === 'town' ? (name ?? textOf(p.city)) : (textOf(p.city) ?? textOf(p.district));
  const address = {
    street,
    housenumber: kind === 'street' || kind === 'town' ? null : housenumber,
    postcode: textOf(p.postcode),
    city,
    country: textOf(p.country),
  };
  const region = textOf(p.county) ?? textOf(p.state) ?? address.country;
  const label =
    kind === 'town'
      ? addressLabel({ ...address, postcode: null }, null, region)
      : addressLabel(address, kind === 'place' || (kind === 'house' && name !== street) ? name : null);
  return { label, lat, lng, kind, address };
}
