import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { configWarnings, loadConfig } from './env.ts';

describe('loadConfig: the map (MAP_ENGINE, GOOGLE_MAPS_*)', () => {
  it('picks Google Maps in auto mode only when a key or client id is set', () => {
    expect(loadConfig({ MAP_ENGINE: 'auto' }).map.engine).toBe('leaflet');
    expect(loadConfig({ GOOGLE_MAPS_API_KEY: 'k' }).map.engine).toBe('google');
    expect(loadConfig({ GOOGLE_MAPS_CLIENT_ID: 'gme-x' }).map.engine).toBe('google');
    expect(loadConfig({ GOOGLE_MAPS_API_KEY: 'k', MAP_ENGINE: 'leaflet' }).map.engine).toBe('leaflet');
    expect(loadConfig({ GOOGLE_MAPS_LIBRARIES: 'places, geometry' }).google.libraries).toEqual([
      'places',
      'geometry',
    ]);
  });

  it('warns about Google asked for without credentials, or with both a key and a client id', () => {
    expect(configWarnings(loadConfig({}))).toEqual([]);
    expect(configWarnings(loadConfig({ GOOGLE_MAPS_API_KEY: 'k' }))).toEqual([]);
    expect(configWarnings(loadConfig({ MAP_ENGINE: 'google' }))).toEqual([
      expect.stringContaining('MAP_ENGINE=google without GOOGLE_MAPS_API_KEY'),
    ]);
    expect(configWarnings(loadConfig({ GOOGLE_MAPS_API_KEY: 'k', GOOGLE_MAPS_CLIENT_ID: 'gme-x' }))).toEqual([
      expect.stringContaining('set one of them'),
    ]);
  });
});

describe('loadConfig: the map index readers (MAP_INDEX_READERS)', () => {
  it('takes a count from 0, and one per core but one (none on two cores or fewer) when unset', () => {
    expect(loadConfig({ MAP_INDEX_READERS: '3' }).mapIndex.readers).toBe(3);
    expect(loadConfig({ MAP_INDEX_READERS: '0' }).mapIndex.readers).toBe(0);
    const cores = availableParallelism();
    expect(loadConfig({}).mapIndex.readers).toBe(cores <= 2 ? 0 : cores - 1);
    expect(() => loadConfig({ MAP_INDEX_READERS: 'many' })).toThrow(/MAP_INDEX_READERS/);
    expect(() => loadConfig({ MAP_INDEX_READERS: '-1' })).toThrow(/MAP_INDEX_READERS/);
  });
});
