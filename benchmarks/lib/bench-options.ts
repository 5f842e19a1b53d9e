import { DB_KINDS, type DbKind } from './seeded-database.ts';
import { DATA_SHAPES, type DataShape } from './world-places.ts';

export const BENCH_NAMES = [
  'cluster',
  'map',
  'near',
  'change',
  'import',
  'photos',
  'open',
  'feeds',
  'offline-pack',
  'pack-load',
  'offline',
  'search',
  'web',
  'lighthouse',
  'tiles',
  'limits',
  'instances',
] as const;
export type BenchName = (typeof BENCH_NAMES)[number];

export interface BenchOptions {
  sizes: number[];
  only: readonly BenchName[];
  dbs: readonly DbKind[];
  shapes: readonly DataShape[];
}

function list<T extends string>(flag: string, value: string, allowed: readonly T[]): T[] {
  const items = value.split(',').filter(Boolean);
  const unknown = items.filter((item) => !allowed.includes(item as T));
  if (unknown.length > 0 || items.length === 0) {
    throw new Error(`--${flag}: expected some of ${allowed.join(', ')}, got "${value}"`);
  }
  return items as T[];
}

/**
 * `npm run bench -- [sizes…] [--only=map,change] [--db=postgres] [--shape=world]`: sizes in
 * places (default 100 000 and 1 000 000); each filter defaults to everything.
 */
export function parseBenchOptions(args: readonly string[]): BenchOptions {
  const options: BenchOptions = { sizes: [], only: BENCH_NAMES, dbs: DB_KINDS, shapes: DATA_SHAPES };
  for (const arg of args) {
    const [flag, value = ''] = arg.startsWith('--') ? arg.slice(2).split('=', 2) : ['', arg];
    if (flag === 'only') options.only = list('only', value, BENCH_NAMES);
    else if (flag === 'db') options.dbs = list('db', value, DB_KINDS);
    else if (flag === 'shape') options.shapes = list('shape', value, DATA_SHAPES);
    else if (flag === '' && /^\d+$/.test(value) && Number(value) > 0) options.sizes.push(Number(value));
    else throw new Error(`unknown argument "${arg}": see docs/performance.md`);
  }
  if (options.sizes.length === 0) options.sizes = [100_000, 1_000_000];
  return options;
}
