import { describe, expect, it } from 'vitest';
import { BENCH_NAMES, parseBenchOptions } from './bench-options.ts';

describe('parseBenchOptions', () => {
  it('runs everything at 100 000 and 1 000 000 places by default', () => {
    expect(parseBenchOptions([])).toEqual({
      sizes: [100_000, 1_000_000],
      only: BENCH_NAMES,
      dbs: ['pglite', 'postgres'],
      shapes: ['zagreb', 'world'],
    });
  });

  it('takes sizes and filters in any order', () => {
    expect(parseBenchOptions(['--only=map,change', '20000', '--db=postgres', '--shape=world'])).toEqual({
      sizes: [20_000],
      only: ['map', 'change'],
      dbs: ['postgres'],
      shapes: ['world'],
    });
  });

  it('refuses what it does not know, naming what it expected', () => {
    expect(() => parseBenchOptions(['--only=maps'])).toThrow(/--only: expected some of cluster, map/);
    expect(() => parseBenchOptions(['--db='])).toThrow(/--db: expected some of pglite, postgres/);
    expect(() => parseBenchOptions(['20k'])).toThrow(/unknown argument "20k"/);
    expect(() => parseBenchOptions(['--size=5'])).toThrow(/unknown argument/);
  });
});
