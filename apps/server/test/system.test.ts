import { CategoryList, ClientConfig, ErrorBody, endpoints, Health } from '@karta/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseAvailable, dbKind, startInstance, startTestApp, type TestApp } from './support/test-app.ts';

describe.skipIf(!databaseAvailable)(`health, config, categories, openapi.json (${dbKind})`, () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({
      env: {
        TILE_URL: 'https://{s}.tiles.example.org/{z}/{x}/{y}.png',
        TILE_ATTRIBUTION: '© Example tiles',
        DEFAULT_LANGUAGE: 'hr',
        SENTRY_DSN: 'https://publickey@sentry.example.net/42',
        SENTRY_ENVIRONMENT: 'test',
        PUBLIC_URL: 'https://karta.example.org',
      },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers health 200 with the database up and the index ready', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(response.statusCode).toBe(200);
    expect(Health.parse(response.json())).toEqual({
      status: 'ok',
      database: 'up',
      mapIndex: 'ready',
      storage: 'ok',
      imports: 0,
      mail: 'off',
      version: t.config.version,
      warnings: [],
    });
  });

  it('warns in health of a public site drawing OpenStreetMap’s own tiles', async () => {
    const osm = await startInstance(t, {
      config: {
        ...t.config,
        map: { ...t.config.map, tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png' },
      },
    });
    try {
      const response = await osm.app.inject({ method: 'GET', url: '/api/v1/health' });
      expect(response.statusCode).toBe(200);
      expect(Health.parse(response.json()).warnings).toEqual(['public_osm_tiles']);
    } finally {
      await osm.close();
    }
  });

  it('serves the runtime configuration from the environment', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/config' });
    expect(response.statusCode).toBe(200);
    const config = ClientConfig.parse(response.json());
    expect(config).toMatchObject({
      mapEngine: 'leaflet',
      defaultCenter: { lat: 45.8, lng: 16.0 },
      defaultZoom: 10,
      maxZoom: 18,
      tileUrl: 'https://{s}.tiles.example.org/{z}/{x}/{y}.png',
      tileAttribution: '© Example tiles',
      basemap: { kind: 'raster' },
      languages: ['hr', 'en'],
      defaultLanguage: 'hr',
      publicUrl: 'https://karta.example.org',
      sentry: { dsn: 'https://publickey@sentry.example.net/42', environment: 'test' },
      google: null,
    });
  });

  it('lists the categories with both languages', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/categories' });
    expect(response.statusCode).toBe(200);
    const { items } = CategoryList.parse(response.json());
    expect(items.length).toBeGreaterThanOrEqual(8);
    expect(items[0]?.name).toEqual({ hr: expect.any(String), en: expect.any(String) });
  });

  it('serves an OpenAPI 3.1 document describing every endpoint', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json() as {
      openapi: string;
      info: { version: string };
      servers?: { url: string }[];
      paths: Record<string, Record<string, { operationId: string; responses: Record<string, unknown> }>>;
      components: { schemas: Record<string, unknown>; securitySchemes?: Record<string, unknown> };
    };
    expect(document.openapi).toBe('3.1.0');
    expect(document.info.version).toBe(t.config.version);
    expect(document.servers).toEqual([{ url: 'https://karta.example.org' }]);
    expect(document.components.schemas.ErrorBody).toBeDefined();
    for (const [name, endpoint] of Object.entries(endpoints)) {
      const operation = document.paths[endpoint.path]?.[endpoint.method.toLowerCase()];
      expect(operation, `${endpoint.method} ${endpoint.path}`).toBeDefined();
      expect(operation?.operationId).toBe(name);
      expect(operation?.responses[String('status' in endpoint ? endpoint.status : 200)]).toBeDefined();
    }
    // The auth endpoints, with the session cookie described.
    expect(document.paths['/api/v1/auth/login']?.post?.responses['401']).toBeDefined();
    expect(document.paths['/api/v1/auth/logout']?.post?.responses['204']).toBeDefined();
    expect(document.components.schemas.ErrorBody).toBeDefined();
    expect(document.components).toMatchObject({
      securitySchemes: { sessionCookie: { type: 'apiKey', in: 'cookie', name: 'karta_session' } },
    });
  });

  it('sends security headers with a strict content security policy', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    expect(csp).toContain("img-src 'self' data: https://*.tiles.example.org");
    expect(csp).toContain("connect-src 'self' https://sentry.example.net");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['x-request-id']).toBeTruthy();
  });

  it('keeps a plain client request id and replaces a hostile one', async () => {
    const kept = await t.app.inject({
      method: 'GET',
      url: '/api/v1/health',
      headers: { 'x-request-id': 'abc-123' },
    });
    expect(kept.headers['x-request-id']).toBe('abc-123');
    const replaced = await t.app.inject({
      method: 'GET',
      url: '/api/v1/health',
      headers: { 'x-request-id': 'x'.repeat(500) },
    });
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('has no deliberate-fault route unless KARTA_TEST_FAULTS is on', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/test/fault' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: { code: 'not_found' } });
  });

  it('answers health 503 in the error shape once the database is gone', async () => {
    await t.database.close();
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(response.statusCode).toBe(503);
    const body = ErrorBody.parse(response.json());
    expect(body.error.code).toBe('database_unavailable');
    expect(Health.parse(body.error.details)).toMatchObject({ status: 'unavailable', database: 'down' });
    // Routes reading the database answer 503 too, not 500.
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/places' });
    expect(list.statusCode).toBe(503);
    expect(ErrorBody.parse(list.json()).error.code).toBe('database_unavailable');
  });
});

describe.skipIf(!databaseAvailable)(`a deployment on Google Maps (${dbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({
      demo: false,
      env: {
        GOOGLE_MAPS_API_KEY: 'AIza-test-key',
        GOOGLE_MAPS_VERSION: 'quarterly',
        GOOGLE_MAPS_LIBRARIES: 'geometry,places',
      },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('gives the browser the Google settings and allows Google’s origins in the CSP', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/config' });
    expect(ClientConfig.parse(response.json())).toMatchObject({
      mapEngine: 'google',
      google: { apiKey: 'AIza-test-key', version: 'quarterly', libraries: ['geometry', 'places'] },
    });
    const csp = String(response.headers['content-security-policy']);
    const scriptSrc = csp.split(';').find((part) => part.trim().startsWith('script-src')) ?? '';
    // Google's script is trusted by the page's nonce (see csp-nonce.test.ts), never by host.
    expect(scriptSrc).toContain("'strict-dynamic'");
    expect(scriptSrc).not.toContain('google');
    expect(scriptSrc).not.toContain('unsafe-inline');
    // The open map's tiles stay allowed for the fallback.
    expect(csp).toContain('https://tile.openstreetmap.org');
  });
});
