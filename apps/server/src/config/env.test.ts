import { describe, expect, it } from 'vitest';
import { ConfigError, configWarnings, loadConfig, trustProxyOption } from './env.ts';
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

  it('turns mail on with SMTP_URL, MAIL_FROM and PUBLIC_URL together, naming the site after the sender', () => {
    expect(loadConfig({}, '/x').mail).toBeNull();
    const config = loadConfig(
      {
        SMTP_URL: 'smtps://karta:s3cret@mail.example.org:465',
        MAIL_FROM: '"Karta Zagreb" <karta@example.org>',
        PUBLIC_URL: 'https://karta.example.org',
      },
      '/x',
    );
    expect(config.mail).toEqual({
      smtpUrl: 'smtps://karta:s3cret@mail.example.org:465',
      from: '"Karta Zagreb" <karta@example.org>',
      siteName: 'Karta Zagreb',
    });
    expect(
      loadConfig(
        {
          SMTP_URL: 'smtp://mail.example.org',
          MAIL_FROM: 'karta@example.org',
          PUBLIC_URL: 'https://k.example.org',
        },
        '/x',
      ).mail?.siteName,
    ).toBe('Karta');
  });

  it('refuses half a mail set-up, a From that could add a header, and never repeats the SMTP password', () => {
    const issues = (env: Record<string, string>) => {
      try {
        loadConfig(env, '/x');
        return [];
      } catch (error) {
        expect((error as Error).message).not.toContain('s3cret');
        return (error as ConfigError).issues.map((issue) => issue.variable);
      }
    };
    expect(issues({ SMTP_URL: 'smtp://u:s3cret@mail.example.org' })).toEqual(['MAIL_FROM']);
    expect(issues({ MAIL_FROM: 'karta@example.org' })).toEqual(['SMTP_URL']);
    expect(issues({ SMTP_URL: 'smtp://u:s3cret@mail.example.org', MAIL_FROM: 'karta@example.org' })).toEqual([
      'PUBLIC_URL',
    ]);
    expect(
      issues({
        SMTP_URL: 'http://u:s3cret@mail.example.org',
        MAIL_FROM: 'Karta <karta@example.org>\r\nBcc: all@example.org',
        PUBLIC_URL: 'https://k.example.org',
      }).sort(),
    ).toEqual(['MAIL_FROM', 'SMTP_URL']);
  });

  it('takes the languages from LANGUAGES, with English as the default language where it is one', () => {
    expect(loadConfig({ LANGUAGES: ' de, EN ,de' }, '/x')).toMatchObject({
      languages: ['de', 'en'],
      defaultLanguage: 'en',
    });
    expect(loadConfig({ LANGUAGES: 'sl,hr' }, '/x')).toMatchObject({
      languages: ['sl', 'hr'],
      defaultLanguage: 'sl',
    });
    expect(loadConfig({ LANGUAGES: 'sl,hr', DEFAULT_LANGUAGE: 'hr' }, '/x').defaultLanguage).toBe('hr');
  });

  it.each([
    [{ LANGUAGES: 'hr,english' }, 'LANGUAGES'],
    [
      {
        LANGUAGES: Array.from({ length: 31 }, (_, i) =>
          String.fromCharCode(97 + Math.floor(i / 26), 97 + (i % 26)),
        ).join(','),
      },
      'LANGUAGES',
    ],
    [{ LANGUAGES: 'hr,en', DEFAULT_LANGUAGE: 'de' }, 'DEFAULT_LANGUAGE'],
  ])('refuses %j', (env, variable) => {
    expect(() => loadConfig(env, '/x')).toThrow(variable);
  });

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

  it('resolves a relative DATA_DIR against the folder the command was run in', () => {
    expect(loadConfig({ DATA_DIR: './mine' }, '/srv/karta').dataDir).toBe('/srv/karta/mine');
    expect(loadConfig({ DATA_DIR: '/var/lib/karta' }, '/srv/karta').dataDir).toBe('/var/lib/karta');
    // npm runs workspace scripts in the workspace folder but says where it was called from.
    expect(loadConfig({ DATA_DIR: 'data', INIT_CWD: '/work/main' }).dataDir).toBe('/work/main/data');
  });

  it('accepts a Sentry DSN and a release override, and trims PUBLIC_URL', () => {
    const config = loadConfig({
      SENTRY_DSN: 'https://abc@o1.ingest.sentry.io/123',
      SENTRY_RELEASE: 'karta@abc123',
      SENTRY_ENVIRONMENT: 'staging',
      PUBLIC_URL: 'https://karta.example.org/',
    });
    expect(config.sentry).toEqual({
      dsn: 'https://abc@o1.ingest.sentry.io/123',
      environment: 'staging',
      release: 'karta@abc123',
    });
    expect(config.publicUrl).toBe('https://karta.example.org');
  });

  it('reads the first admin from ADMIN_EMAIL and ADMIN_PASSWORD, password exactly as given', () => {
    expect(
      loadConfig({ ADMIN_EMAIL: ' admin@example.org ', ADMIN_PASSWORD: ' lantern-orchard-velvet ' }).admin,
    ).toEqual({ email: 'admin@example.org', password: ' lantern-orchard-velvet ' });
    expect(loadConfig({ ADMIN_EMAIL: '', ADMIN_PASSWORD: '' }).admin).toBeNull();
  });

  it.each([
    [{ ADMIN_EMAIL: 'admin@example.org' }, 'ADMIN_PASSWORD', /together with ADMIN_EMAIL/],
    [{ ADMIN_PASSWORD: 'lantern-orchard-velvet' }, 'ADMIN_EMAIL', /together with ADMIN_PASSWORD/],
    [{ ADMIN_EMAIL: 'not-an-address', ADMIN_PASSWORD: 'lantern-orchard-velvet' }, 'ADMIN_EMAIL', /e-mail/],
    [{ ADMIN_EMAIL: 'admin@example.org', ADMIN_PASSWORD: 'short' }, 'ADMIN_PASSWORD', /at least 10/],
    [{ ADMIN_EMAIL: 'admin@example.org', ADMIN_PASSWORD: 'Password123!' }, 'ADMIN_PASSWORD', /too common/],
    [{ ADMIN_EMAIL: 'admin@example.org', ADMIN_PASSWORD: 'ADMIN@example.org' }, 'ADMIN_PASSWORD', /e-mail/],
  ])('refuses the admin variables %o, naming %s', (env, variable, message) => {
    let error: unknown;
    try {
      loadConfig({ ...env, PORT: 'eighty' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const issues = (error as ConfigError).issues;
    // Named together with every other bad variable.
    expect(issues.map((issue) => issue.variable).sort()).toEqual([variable, 'PORT'].sort());
    expect(issues.find((issue) => issue.variable === variable)?.message).toMatch(message);
  });

  it('reads opening hours in TIME_ZONE with the public holidays of HOLIDAY_COUNTRY', () => {
    expect(loadConfig({}).hours).toEqual({ timeZone: 'Europe/Zagreb', country: 'hr' });
    expect(loadConfig({ TIME_ZONE: 'America/New_York', HOLIDAY_COUNTRY: 'US' }).hours).toEqual({
      timeZone: 'America/New_York',
      country: 'us',
    });
    let error: unknown;
    try {
      loadConfig({ TIME_ZONE: 'Europe/Atlantis', HOLIDAY_COUNTRY: 'xx' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).issues.map((issue) => issue.variable).sort()).toEqual([
      'HOLIDAY_COUNTRY',
      'TIME_ZONE',
    ]);
  });

  it('keeps photos under DATA_DIR/photos unless PHOTO_STORAGE=s3 names a bucket and its keys', () => {
    expect(loadConfig({ DATA_DIR: '/srv/karta' }).photoStorage).toEqual({
      kind: 'fs',
      root: '/srv/karta/photos',
    });
    const s3 = {
      PHOTO_STORAGE: 's3',
      S3_ENDPOINT: 'https://objects.example.org',
      S3_BUCKET: 'karta-photos',
      S3_ACCESS_KEY_ID: 'key-id',
      S3_SECRET_ACCESS_KEY: ' secret with spaces ',
      S3_FORCE_PATH_STYLE: 'true',
    };
    expect(loadConfig(s3).photoStorage).toEqual({
      kind: 's3',
      s3: {
        endpoint: 'https://objects.example.org',
        region: 'us-east-1',
        bucket: 'karta-photos',
        accessKeyId: 'key-id',
        secretAccessKey: ' secret with spaces ',
        forcePathStyle: true,
      },
    });
    let error: unknown;
    try {
      loadConfig({ PHOTO_STORAGE: 's3', S3_ENDPOINT: 'objects', S3_BUCKET: 'b' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).issues.map((issue) => issue.variable).sort()).toEqual([
      'S3_ACCESS_KEY_ID',
      'S3_ENDPOINT',
      'S3_SECRET_ACCESS_KEY',
    ]);
    expect(() => loadConfig({ PHOTO_STORAGE: 'ftp' })).toThrow(/PHOTO_STORAGE: Expected one of fs, s3/);
  });

  it('reads TRUST_PROXY as off, on, a hop count or proxy addresses', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1' }).trustProxy).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: 'my-proxy' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY/);
    const hops = trustProxyOption(2) as (address: string, hop: number) => boolean;
    expect([hops('x', 0), hops('x', 1), hops('x', 2)]).toEqual([true, true, false]);
  });
});
