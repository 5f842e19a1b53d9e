import type { Extra } from '@karta/contracts';
import { DEMO_CATEGORIES, type DemoCategory } from './categories.ts';
import { demoExtra } from './fields.ts';
import { demoOpeningHours } from './hours.ts';
import { Prng } from './prng.ts';
import {
  type Area,
  CENTRAL_STREETS,
  CITY_CENTRE,
  CITY_STREETS,
  DEMO_CENTRE,
  DEMO_RADIUS_KM,
  LANDMARKS,
  NEIGHBOURHOODS,
  TOWN_STREETS,
  TOWNS,
} from './zagreb.ts';

/** One generated place, ready to insert as published. */
export interface DemoPlace {
  externalId: string;
  category: string;
  name: Record<string, string>;
  description: Record<string, string>;
  primaryLanguage: 'hr' | 'en';
  lat: number;
  lng: number;
  radius: number | null;
  locationPrivacy: 'exact' | '100m' | '1km';
  address: string;
  phone: string | null;
  email: string | null;
  website: string | null;
  openingHours: string | null;
  /** Values of the category's own fields (fields.ts). */
  extra: Extra;
  /** Days since someone last confirmed the place is there: a few are over a year. */
  unconfirmedDays: number;
}

export const DEFAULT_DEMO_COUNT = 2400;
export const DEFAULT_DEMO_SEED = 20_250_415;

const KM_PER_DEG_LAT = 111.32;

function distanceKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const dLat = (a.lat - b.lat) * KM_PER_DEG_LAT;
  const dLng = (a.lng - b.lng) * KM_PER_DEG_LAT * Math.cos(((a.lat + b.lat) / 2) * (Math.PI / 180));
  return Math.hypot(dLat, dLng);
}

/** A point scattered around `centre` with a normal spread of `sigmaKm`. */
function scatter(prng: Prng, centre: { lat: number; lng: number }, sigmaKm: number) {
  const lat = centre.lat + (prng.normal() * sigmaKm) / KM_PER_DEG_LAT;
  const lng =
    centre.lng + (prng.normal() * sigmaKm) / (KM_PER_DEG_LAT * Math.cos(centre.lat * (Math.PI / 180)));
  return { lat, lng };
}

/**
 * Where a place goes: dense in the city centre, thinner across the city, clumps in the towns
 * around, and a few in the countryside; never farther than 40 km from the demo centre.
 */
function position(prng: Prng): { lat: number; lng: number } {
  for (;;) {
    const roll = prng.next();
    const point =
      roll < 0.4
        ? scatter(prng, CITY_CENTRE, 1.6)
        : roll < 0.72
          ? scatter(prng, prng.pick(NEIGHBOURHOODS), 1.5)
          : roll < 0.92
            ? scatter(prng, prng.pick(TOWNS), 1.8)
            : scatter(prng, DEMO_CENTRE, 16);
    if (distanceKm(point, DEMO_CENTRE) <= DEMO_RADIUS_KM - 0.5) {
      return { lat: round(point.lat, 6), lng: round(point.lng, 6) };
    }
  }
}

function round(value: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

const ALL_AREAS: readonly Area[] = [...NEIGHBOURHOODS, ...TOWNS];

function nearestArea(point: { lat: number; lng: number }): Area {
  let best = NEIGHBOURHOODS[0] as Area;
  let bestKm = Number.POSITIVE_INFINITY;
  for (const area of ALL_AREAS) {
    const km = distanceKm(point, area);
    if (km < bestKm) {
      best = area;
      bestKm = km;
    }
  }
  return best;
}

function pickCategory(prng: Prng): DemoCategory {
  const total = DEMO_CATEGORIES.reduce((sum, category) => sum + category.weight, 0);
  let roll = prng.next() * total;
  for (const category of DEMO_CATEGORIES) {
    roll -= category.weight;
    if (roll < 0) return category;
  }
  return DEMO_CATEGORIES[DEMO_CATEGORIES.length - 1] as DemoCategory;
}

/** URL-safe ASCII from a Croatian name: "Črnomerec" → "crnomerec". */
function asciiSlug(text: string): string {
  return text
    .toLowerCase()
    .replaceAll('đ', 'd')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

interface Texts {
  name: { hr: string; en: string };
  description: { hr: string; en: string };
}

/** Names and descriptions per category, in Croatian and English. */
function texts(prng: Prng, slug: string, street: string, area: Area): Texts {
  // Descriptions once ended with a sentence about hours drawn here; hours are a field of their own
  // now (hours.ts), which a sentence could contradict. The draw stays, so no other value moves.
  prng.next();
  const landmark = prng.pick(LANDMARKS);
  const where = area.name;
  switch (slug) {
    case 'pharmacy':
      return {
        name: { hr: `Ljekarna ${street}`, en: `${street} Pharmacy` },
        description: {
          hr: `Gradska ljekarna u naselju ${where}. Izdavanje lijekova na recept i savjetovanje.`,
          en: `City pharmacy in ${where}. Prescriptions filled and advice given.`,
        },
      };
    case 'drinking-water':
      return {
        name: { hr: `Javna česma – ${landmark.hr}`, en: `Drinking fountain – ${landmark.en}` },
        description: {
          hr: `Pitka voda iz gradskog vodovoda, dostupna cijele godine osim za jakog mraza (${where}).`,
          en: `Mains drinking water, available all year except in hard frost (${where}).`,
        },
      };
    case 'defibrillator':
      return {
        name: { hr: `AED – ${landmark.hr}, ${where}`, en: `AED – ${landmark.en}, ${where}` },
        description: {
          hr: 'Automatski vanjski defibrilator u ormariću na ulazu. Nazovite 112 i slijedite glasovne upute uređaja.',
          en: 'Automated external defibrillator in a cabinet at the entrance. Call 112 and follow the device’s spoken instructions.',
        },
      };
    case 'shelter':
      return {
        name: { hr: `Sklonište ${street}`, en: `${street} shelter` },
        description: {
          hr: `Javno sklonište civilne zaštite za stanovnike naselja ${where}. Otvara se pri uzbuni.`,
          en: `Public civil-protection shelter for the people of ${where}. Opens when the sirens sound.`,
        },
      };
    case 'repair-cafe':
      return {
        name: { hr: `Repair café ${where}`, en: `Repair café ${where}` },
        description: {
          hr: `Volonteri besplatno popravljaju sitne kućanske aparate, odjeću i bicikle.`,
          en: `Volunteers repair small appliances, clothes and bikes for free.`,
        },
      };
    case 'food-bank':
      return {
        name: { hr: `Banka hrane ${where}`, en: `${where} food bank` },
        description: {
          hr: `Podjela paketa hrane i higijenskih potrepština uz uputnicu Centra za socijalnu skrb.`,
          en: `Food parcels and hygiene supplies, with a referral from the social welfare centre.`,
        },
      };
    case 'library':
      return {
        name: { hr: `Knjižnica ${where}`, en: `${where} Library` },
        description: {
          hr: `Narodna knjižnica s čitaonicom i besplatnim internetom.`,
          en: `Public library with a reading room and free internet.`,
        },
      };
    case 'recycling':
      return {
        name: { hr: `Reciklažno dvorište ${where}`, en: `${where} recycling yard` },
        description: {
          hr: 'Predaja glomaznog otpada, elektroničkog otpada, baterija i starog ulja. Građani predaju besplatno.',
          en: 'Drop-off for bulky waste, electronics, batteries and used oil. Free for residents.',
        },
      };
    case 'bike-repair':
      return {
        name: { hr: `Servisna stanica za bicikle – ${street}`, en: `Bike repair stand – ${street}` },
        description: {
          hr: 'Samoposlužni alat i pumpa za bicikle, dostupni 0–24.',
          en: 'Self-service bike tools and pump, available around the clock.',
        },
      };
    default:
      return {
        name: { hr: `Javni WC – ${landmark.hr}`, en: `Public toilet – ${landmark.en}` },
        description: {
          hr: `Javni WC s prilagođenim ulazom za osobe s invaliditetom (${where}).`,
          en: `Public toilet with a step-free entrance (${where}).`,
        },
      };
  }
}

function streetFor(prng: Prng, area: Area, point: { lat: number; lng: number }): string {
  if (!area.city) return prng.pick(TOWN_STREETS);
  return distanceKm(point, CITY_CENTRE) < 1.8 ? prng.pick(CENTRAL_STREETS) : prng.pick(CITY_STREETS);
}

function phoneFor(prng: Prng, area: Area): string {
  const digits = (count: number) => Array.from({ length: count }, () => prng.int(0, 9)).join('');
  return area.dial === '01'
    ? `+385 1 ${prng.int(2, 6)}${digits(2)} ${digits(4)}`
    : `+385 ${area.dial.slice(1)} ${prng.int(2, 6)}${digits(2)} ${digits(3)}`;
}

/**
 * Days since a demo place was last confirmed: most within the last half year, one in 60 more than
 * a year ago (so some show as possibly out of date, and the "Needs checking" queue has work).
 */
function demoUnconfirmedDays(prng: Prng): number {
  return prng.chance(1 / 60) ? prng.int(380, 1200) : prng.int(0, 180);
}

/**
 * Yields `count` demo places, the same ones for the same `seed` on every run. A generator, so
 * benchmarks can stream a million places in batches without holding them all.
 */
export function* generateDemoPlaces(
  count = DEFAULT_DEMO_COUNT,
  seed = DEFAULT_DEMO_SEED,
): Generator<DemoPlace> {
  const prng = new Prng(seed);
  // About one place in 150 starts a group of 2–5 places at exactly the same spot (one building
  // with a pharmacy, a defibrillator and a library, say).
  let shared: { lat: number; lng: number; street: string; number: number; left: number } | undefined;
  for (let index = 1; index <= count; index += 1) {
    const category = pickCategory(prng);
    let point: { lat: number; lng: number };
    let street: string;
    let houseNumber: number;
    if (shared && shared.left > 0) {
      point = { lat: shared.lat, lng: shared.lng };
      street = shared.street;
      houseNumber = shared.number;
      shared.left -= 1;
    } else {
      point = position(prng);
      street = streetFor(prng, nearestArea(point), point);
      houseNumber = prng.int(1, 180);
      shared = prng.chance(1 / 150)
        ? { ...point, street, number: houseNumber, left: prng.int(1, 4) }
        : undefined;
    }
    const area = nearestArea(point);
    const { name, description } = texts(prng, category.slug, street, area);
    const town = area.city ? 'Zagreb' : area.name;
    const hasRadius = prng.chance(category.radius.chance);
    const radius = hasRadius
      ? Math.round((category.radius.min + prng.next() * (category.radius.max - category.radius.min)) / 10) *
        10
      : null;
    const isPrivate = prng.chance(category.privateChance);
    const locationPrivacy = isPrivate ? (prng.chance(0.7) ? '100m' : '1km') : 'exact';
    // Most places are written in Croatian first; a few exist in one language only (fallback).
    const primaryLanguage = prng.chance(0.85) ? 'hr' : 'en';
    const onlyOne = prng.chance(0.06);
    const hasPhone = prng.chance(0.55);
    const hasWebsite = prng.chance(0.35);
    const hasEmail = prng.chance(0.25);
    const domain = `${asciiSlug(category.name.hr)}-${asciiSlug(area.name)}.example`;
    const own = new Prng((seed ^ Math.imul(index, 2_654_435_761)) >>> 0);
    yield {
      externalId: `demo-${String(index).padStart(7, '0')}`,
      category: category.slug,
      name: onlyOne ? { [primaryLanguage]: name[primaryLanguage] } : { hr: name.hr, en: name.en },
      description: onlyOne
        ? { [primaryLanguage]: description[primaryLanguage] }
        : { hr: description.hr, en: description.en },
      primaryLanguage,
      lat: point.lat,
      lng: point.lng,
      radius,
      locationPrivacy,
      address: `${street} ${houseNumber}, ${area.postcode} ${town}`,
      phone: hasPhone ? phoneFor(prng, area) : null,
      email: hasEmail ? `info@${domain}` : null,
      website: hasWebsite ? `https://www.${domain}/` : null,
      // From a generator of the place's own (hours, then freshness), so adding them moved no
      // other demo value.
      openingHours: demoOpeningHours(category.slug, own),
      unconfirmedDays: demoUnconfirmedDays(own),
      // A third generator of its own, so the values moved no value generated before them.
      extra: demoExtra(category.slug, new Prng((seed ^ Math.imul(index, 0x85eb_ca6b) ^ 0x1b87_3593) >>> 0)),
    };
  }
}
