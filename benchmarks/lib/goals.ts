import type { BenchTarget, DbKind } from './seeded-database.ts';

/** One figure of the goals table (docs/performance.md): what is measured, its target, whether a value meets it. */
interface Goal {
  label: string;
  target: string;
  /** The database the target is set for; other databases' values are shown for comparison. */
  only?: DbKind;
  meets(value: number, target: BenchTarget, reference?: number): boolean;
  format(value: number, reference?: number): string;
}

const msText = (v: number) => `${v < 10 ? v.toFixed(2) : v < 100 ? v.toFixed(1) : v.toFixed(0)} ms`;
const perSecond = (v: number) => `${Math.round(v).toLocaleString('en')}/s`;
const below = (limit: number) => (value: number) => value < limit;
const atLeast = (limit: number) => (value: number) => value >= limit;

export const GOALS = {
  mapP95One: { label: '`/api/v1/map` p95, 1 client', target: '< 5 ms', meets: below(5), format: msText },
  mapP95Sixteen: {
    label: '`/api/v1/map` p95, 16 clients',
    target: '< 10 ms',
    meets: below(10),
    format: msText,
  },
  mapFilterP95: {
    label: '`/api/v1/map` with a two-field filter, p95, 1 client (unfiltered in brackets)',
    target: '≤ 1.5 × unfiltered',
    meets: (value, _, unfiltered = 0) => value <= 1.5 * unfiltered,
    format: (v, unfiltered) => `${msText(v)} (${msText(unfiltered ?? 0)})`,
  },
  mapSearchP95: {
    label: '`/api/v1/map` with a search (`q`), p95, 1 client (plain in brackets)',
    target: '< 2 × plain',
    meets: (value, _, plain = 0) => value < 2 * plain,
    format: (v, plain) => `${msText(v)} (${msText(plain ?? 0)})`,
  },
  listFilterP95: {
    label: '`/api/v1/places` with a two-field filter, p95, 1 client',
    target: '< 50 ms',
    meets: below(50),
    format: msText,
  },
  clusterValueFilterP95: {
    label: 'map index, two-field filter p95 (in-process; unfiltered in brackets)',
    target: '≤ 1.5 × unfiltered',
    meets: (value, _, unfiltered = 0) => value <= 1.5 * unfiltered,
    format: (v, unfiltered) => `${msText(v)} (${msText(unfiltered ?? 0)})`,
  },
  clusterIndexMb: {
    label: 'map index memory with field values (in-process)',
    target: '< 400 MB at 1M',
    meets: (value) => value < 400,
    format: (v) => `${v.toFixed(0)} MB`,
  },
  mapPerCore: {
    label: '`/api/v1/map` throughput (16 clients, req/s per core)',
    target: '≥ 3 000/s',
    meets: atLeast(3000),
    format: perSecond,
  },
  searchP95: {
    label: 'search p95 (worst of its word sets, common words included)',
    target: '< 50 ms',
    meets: below(50),
    format: msText,
  },
  suggestionsP95: { label: 'suggestions p95', target: '< 50 ms', meets: below(50), format: msText },
  nearP95: { label: 'near p95 (one client)', target: '< 50 ms', meets: below(50), format: msText },
  coversP95: { label: 'covers p95', target: '< 50 ms', meets: below(50), format: msText },
  searchHitRate: {
    label: 'search quality: the place meant in the top 6 (list and type-ahead, the lower; real city names)',
    target: '≥ 95%',
    meets: atLeast(95),
    format: (v) => `${v.toFixed(0)}%`,
  },
  changeVisible: {
    label: 'a change on the map, p95 (10 changes/s)',
    target: '< 1 s',
    meets: below(1000),
    format: msText,
  },
  changeMapP95: {
    label: 'map p95 while changes arrive (quiet p95 in brackets)',
    target: 'unchanged (≤ 1.5 × quiet, or + 1 ms)',
    meets: (value, _, quiet = 0) => value <= Math.max(quiet * 1.5, quiet + 1),
    format: (v, quiet) => `${msText(v)} (${msText(quiet ?? 0)})`,
  },
  uploadMapP95: {
    label: 'map p95 while 4 photo uploads/s arrive (quiet p95 in brackets)',
    target: 'unchanged (≤ 1.5 × quiet, or + 1 ms)',
    meets: (value, _, quiet = 0) => value <= Math.max(quiet * 1.5, quiet + 1),
    format: (v, quiet) => `${msText(v)} (${msText(quiet ?? 0)})`,
  },
  changeVisibleAcross: {
    label: 'a change on the other instance, p95',
    target: '< 1 s',
    only: 'postgres',
    meets: below(1000),
    format: msText,
  },
  indexBuild: {
    label: 'map index build (from the server log)',
    target: '< 5 s',
    meets: below(5000),
    format: msText,
  },
  serverRss: {
    label: 'server RSS after the map loads',
    target: '< 1 GB PostgreSQL, < 1.5 GB PGlite',
    meets: (value, target) => value < (target.db === 'postgres' ? 1024 : 1536),
    format: (v) => `${v.toFixed(0)} MB`,
  },
  nearLoadRate: {
    label: 'near-me, 16 clients: req/s',
    target: '≥ 2 000/s',
    only: 'postgres',
    meets: atLeast(2000),
    format: perSecond,
  },
  nearLoadP99: {
    label: 'near-me, 16 clients: p99',
    target: '≤ 40 ms',
    only: 'postgres',
    meets: (v) => v <= 40,
    format: msText,
  },
  importRate: {
    label: 'import (CSV, real run): rows/s',
    target: '≥ 5 000/s PostgreSQL, ≥ 3 000/s PGlite',
    meets: (value, target) => value >= (target.db === 'postgres' ? 5000 : 3000),
    format: perSecond,
  },
  importReadsP95: {
    label: 'reads during that import (`near` lists, 1 client), p95',
    target: '< 200 ms (decision 018, PGlite)',
    only: 'pglite',
    meets: below(200),
    format: msText,
  },
  importHealth: {
    label: 'health during that import: answered 200',
    target: 'all (decision 018, PGlite)',
    only: 'pglite',
    meets: (v) => v >= 100,
    format: (v) => `${v.toFixed(0)}%`,
  },
  exportLinear: {
    label: 'filtered export: time per row, largest / smallest',
    target: '≤ 2 (linear)',
    meets: (v) => v <= 2,
    format: (v) => v.toFixed(2),
  },
  openMapP95: {
    label: '`/api/v1/map?openNow=true` p95, 1 client (every place in brackets)',
    target: '< 5 ms',
    meets: below(5),
    format: (v, all) => `${msText(v)} (${msText(all ?? 0)})`,
  },
  openMinute: {
    label: 'the map index at the minute most places open (keys + index, the worst minute)',
    target: '< 1 s',
    meets: below(1000),
    format: msText,
  },
  firstViewKb: {
    label: 'home page first view, JS + CSS gzip',
    target: '≤ 200 kB with a Sentry DSN',
    meets: (v) => v <= 200,
    format: (v) => `${v.toFixed(1)} kB`,
  },
  firstCluster: {
    label: 'first cluster drawn (cold)',
    target: '≤ 1.0 s',
    meets: (v) => v <= 1000,
    format: msText,
  },
  lighthouse: {
    label: 'Lighthouse mobile performance (median of its runs)',
    target: '≥ 90',
    meets: atLeast(90),
    format: (v) => v.toFixed(0),
  },
} satisfies Record<string, Goal>;

export type GoalName = keyof typeof GOALS;

interface Measurement {
  goal: GoalName;
  target: BenchTarget;
  places: number;
  value: number;
  reference?: number;
  /** Share of the requests behind the figure that failed: above 1% the figure does not count. */
  errorShare?: number;
}

const measurements: Measurement[] = [];

/**
 * Notes one measured figure for the goals table: `reference` is what the goal compares it with,
 * `errorShare` the share of its requests that failed. A value that is not finite (a change never
 * seen) is noted as not met.
 */
export function recordGoal(
  goal: GoalName,
  target: BenchTarget,
  places: number,
  value: number,
  extra: { reference?: number; errorShare?: number } = {},
): void {
  measurements.push({ goal, target, places, value, ...extra });
}

const COLUMNS: BenchTarget[] = [
  { db: 'pglite', shape: 'zagreb' },
  { db: 'pglite', shape: 'world' },
  { db: 'postgres', shape: 'zagreb' },
  { db: 'postgres', shape: 'world' },
];

function cell(m: Measurement | undefined): string {
  if (!m) return '';
  const goal: Goal = GOALS[m.goal];
  const failed = (m.errorShare ?? 0) > 0.01;
  const met = Number.isFinite(m.value) && !failed && goal.meets(m.value, m.target, m.reference);
  const verdict = goal.only && goal.only !== m.target.db ? '–' : met ? '✓' : '✗';
  const value = Number.isFinite(m.value) ? goal.format(m.value, m.reference) : 'never seen';
  return `${value}${failed ? ` (${((m.errorShare ?? 0) * 100).toFixed(0)}% errors)` : ''} ${verdict}`;
}

/**
 * The goals table in Markdown: one row per figure and size, one column per database and data
 * shape; ✓ met, ✗ not met, – the target is set for the other database. The targets are for 100k
 * and 1M places: at smaller sizes a ✓ says little. Never fails the run: benches only print.
 */
export function printGoals(): void {
  const sizes = [...new Set(measurements.map((m) => m.places))].sort((a, b) => a - b);
  console.log('\nGoals (docs/performance.md): ✓ met, ✗ not met, – target set for the other database');
  console.log(`| Figure | Target | Places | ${COLUMNS.map((c) => `${c.db}, ${c.shape}`).join(' | ')} |`);
  console.log(`|---|---|---|${COLUMNS.map(() => '---|').join('')}`);
  for (const [name, goal] of Object.entries(GOALS) as [GoalName, Goal][]) {
    const rows = sizes.filter((size) => measurements.some((m) => m.goal === name && m.places === size));
    if (rows.length === 0) {
      console.log(
        `| ${goal.label} | ${goal.target} | not measured in this run |${COLUMNS.map(() => ' |').join('')}`,
      );
    }
    for (const size of rows) {
      const cells = COLUMNS.map((column) =>
        cell(
          measurements.findLast(
            (m) =>
              m.goal === name &&
              m.places === size &&
              m.target.db === column.db &&
              m.target.shape === column.shape,
          ),
        ),
      );
      console.log(`| ${goal.label} | ${goal.target} | ${size.toLocaleString('en')} | ${cells.join(' | ')} |`);
    }
  }
}
