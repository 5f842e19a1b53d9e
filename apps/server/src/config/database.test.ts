import { describe, expect, it } from 'vitest';
import { loadConfig } from './env.ts';

describe('loadConfig: the database (DATA_DIR, DEMO_DATA)', () => {
  it.each([
    ['true', true],
    ['1', true],
    ['on', true],
    ['ON', true],
    ['false', false],
    ['0', false],
    ['off', false],
    ['', true],
  ])('reads DEMO_DATA=%s as %s', (value, expected) => {
    expect(loadConfig({ DEMO_DATA: value }).demoData).toBe(expected);
  });

  it('resolves a relative DATA_DIR against the folder the command was run in', () => {
    expect(loadConfig({ DATA_DIR: './mine' }, '/srv/karta').dataDir).toBe('/srv/karta/mine');
    expect(loadConfig({ DATA_DIR: '/var/lib/karta' }, '/srv/karta').dataDir).toBe('/var/lib/karta');
    // npm runs workspace scripts in the workspace folder but says where it was called from.
    expect(loadConfig({ DATA_DIR: 'data', INIT_CWD: '/work/main' }).dataDir).toBe('/work/main/data');
  });
});
