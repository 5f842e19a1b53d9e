import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config/env.ts';
import { contentSecurityPolicy, dsnOrigin, tileOrigins } from './security.ts';

describe('tileOrigins', () => {
  it('gives the origin of a plain template', () => {
    expect(tileOrigins('https://tile.openstreetmap.org/{z}/{x}/{y}.png')).toEqual([
      'https://tile.openstreetmap.org',
    ]);
  });
  it('turns a {s} subdomain into a wildcard', () => {
    expect(tileOrigins('https://{s}.tile.example.org/{z}/{x}/{y}.png')).toEqual([
      'https://*.tile.example.org',
    ]);
    expect(tileOrigins('https://tiles-{s}.maps.example.com/{z}/{x}/{y}.png')).toEqual([
      'https://*.maps.example.com',
    ]);
  });
  it('keeps a port', () => {
    expect(tileOrigins('http://127.0.0.1:9000/{z}/{x}/{y}.png')).toEqual(['http://127.0.0.1:9000']);
  });
});

describe('dsnOrigin', () => {
  it('drops the key and the project', () => {
    expect(dsnOrigin('https://abc@o1.ingest.sentry.io/123')).toBe('https://o1.ingest.sentry.io');
    expect(dsnOrigin(null)).toBeNull();
  });
});

describe('contentSecurityPolicy', () => {
  it('names no tile server with Karta’s own base map: its tiles are fetched from this server', () => {
    for (const engine of ['leaflet', 'google']) {
      const config = loadConfig({
        MAP_ENGINE: engine,
        GOOGLE_MAPS_API_KEY: 'k',
        TILE_URL: 'https://{s}.tiles.example.org/{z}/{x}/{y}.png',
        BASEMAP: 'pmtiles',
        BASEMAP_PMTILES: '/srv/maps/hr.pmtiles',
      });
      const csp = contentSecurityPolicy(config, { embed: false, nonce: 'n' });
      expect(csp['img-src']?.join(' ')).not.toContain('tiles.example.org');
      expect(csp['connect-src']?.[0]).toBe("'self'");
      expect(Object.values(csp).flat().join(' ')).not.toContain('tiles.example.org');
    }
    const leaflet = contentSecurityPolicy(
      loadConfig({ BASEMAP: 'pmtiles', BASEMAP_PMTILES: '/srv/maps/hr.pmtiles' }),
      { embed: false },
    );
    expect(leaflet['img-src']).toEqual(["'self'", 'data:']);
    expect(leaflet['connect-src']).toEqual(["'self'"]);
  });

  it('allows no inline or foreign script and only the tile and Sentry origins', () => {
    const config = loadConfig({
      TILE_URL: 'https://{s}.tiles.example.org/{z}/{x}/{y}.png',
      SENTRY_DSN: 'https://key@sentry.example.net/7',
    });
    const csp = contentSecurityPolicy(config, { embed: false });
    expect(csp['default-src']).toEqual(["'self'"]);
    expect(csp['script-src']).toEqual(["'self'"]);
    expect(csp['img-src']).toEqual(["'self'", 'data:', 'https://*.tiles.example.org']);
    expect(csp['connect-src']).toEqual(["'self'", 'https://sentry.example.net']);
    expect(csp['font-src']).toEqual(["'self'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['base-uri']).toEqual(["'self'"]);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    // Only this site's own pages in frames: the embed builder's preview of the embed.
    expect(csp['frame-src']).toEqual(["'self'"]);
  });

  it('lets other sites frame the embed only', () => {
    expect(contentSecurityPolicy(loadConfig({}), { embed: true })['frame-ancestors']).toEqual(['*']);
  });

  it('trusts Google’s scripts by the page’s nonce, never by host, and adds Google’s origins only for its engine', () => {
    const googleConfig = loadConfig({ GOOGLE_MAPS_API_KEY: 'k' });
    const google = contentSecurityPolicy(googleConfig, { embed: false, nonce: 'bm9uY2U=' });
    expect(google['script-src']).toEqual([
      "'self'",
      "'nonce-bm9uY2U='",
      "'strict-dynamic'",
      'https:',
      'blob:',
    ]);
    // Without a page's nonce (the API's answers) no script may run at all.
    expect(contentSecurityPolicy(googleConfig, { embed: false })['script-src']).not.toContain(
      expect.stringMatching(/nonce|google/),
    );
    expect(google['connect-src']).toEqual(expect.arrayContaining(['https://*.googleapis.com', 'blob:']));
    expect(google['frame-src']).toEqual(["'self'", 'https://*.google.com']);
    // The open map stays possible: Google's failure falls back to the tile server.
    expect(google['img-src']).toEqual(expect.arrayContaining(['https://tile.openstreetmap.org']));
    const leaflet = contentSecurityPolicy(loadConfig({}), { embed: false });
    expect(JSON.stringify(leaflet)).not.toContain('google');
    expect(leaflet['script-src']).toEqual(["'self'"]);
    expect(contentSecurityPolicy(loadConfig({}), { embed: false, nonce: 'x' })['script-src']).toEqual([
      "'self'",
    ]);
    expect(leaflet['connect-src']).not.toContain('blob:');
    // Google's engine is also picked outright, with a client id, or not at all when told so.
    const byClient = contentSecurityPolicy(loadConfig({ GOOGLE_MAPS_CLIENT_ID: 'gme-x' }), { embed: false });
    expect(byClient['script-src']).toContain("'strict-dynamic'");
    const forcedLeaflet = loadConfig({ GOOGLE_MAPS_API_KEY: 'k', MAP_ENGINE: 'leaflet' });
    expect(JSON.stringify(contentSecurityPolicy(forcedLeaflet, { embed: false }))).not.toContain('google');
  });
});
