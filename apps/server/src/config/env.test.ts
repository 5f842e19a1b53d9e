import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env.ts';
import { REPO_ROOT } from './paths.ts';

describe('loadConfig', () => {
  it('has working defaults for an empty environment', () => {
    const config = loadConfig({}, '/somewhere');
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir: `${REPO_ROOT}/data`,
      databaseUrl: null,
      demoData: true,
      publicUrl: null,
      logLevel: 'info',
      minFreeDiskMb: 100,
      testFaults: false,
      trustProxy: false,
      admin: null,
      defaultLanguage: 'en',
      languages: ['hr', 'en'],
      sentry: {
        dsn: null,
        environment: 'production',
        release: expect.stringMatching(/^karta@\d+\.\d+\.\d+/),
      },
      map: {
        engine: 'leaflet',
        defaultCenter: { lat: 45.8, lng: 16.0 },
        defaultZoom: 10,
        maxZoom: 18,
        tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      },
      google: { apiKey: null, clientId: null, version: null, libraries: [] },
    });
    expect(config.map.tileAttribution).toContain('OpenStreetMap');
  });

  it('names every bad variable at once', () => {
    const error = (() => {
      try {
        loadConfig({
          PORT: 'eighty',
          DEMO_DATA: 'maybe',
          MAP_ENGINE: 'bing',
          DEFAULT_LANGUAGE: 'de',
          SENTRY_DSN: 'not a dsn',
          TILE_URL: 'https://tiles.example.org/{z}/{x}.png',
          DATABASE_URL: 'mysql://x',
          MIN_FREE_DISK_MB: '-5',
          LOG_LEVEL: 'loud',
          PUBLIC_URL: 'karta.example.org',
        });
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(ConfigError);
    const variables = (error as ConfigError).issues.map((issue) => issue.variable).sort();
    expect(variables).toEqual(
      [
        'DATABASE_URL',
        'DEFAULT_LANGUAGE',
        'DEMO_DATA',
        'LOG_LEVEL',
        'MAP_ENGINE',
        'MIN_FREE_DISK_MB',
        'PORT',
        'PUBLIC_URL',
        'SENTRY_DSN',
        'TILE_URL',
      ].sort(),
    );
    for (const variable of variables) expect((error as ConfigError).message).toContain(variable);
  });
});
