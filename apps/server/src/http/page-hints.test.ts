import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { acceptedLanguages, pageHints } from './page-hints.ts';

describe('acceptedLanguages', () => {
  it('lists two-letter languages by quality, then by order, without refused ones', () => {
    expect(acceptedLanguages('de-AT;q=0.5, hr-HR, en;q=0.8, fr;q=0, *;q=0.1')).toEqual(['hr', 'en', 'de']);
    expect(acceptedLanguages(undefined)).toEqual([]);
    expect(acceptedLanguages('garbage;;q=x')).toEqual([]);
  });
});

describe('pageHints', () => {
  const dist = mkdtempSync(join(tmpdir(), 'karta-hints-'));
  afterAll(() => rmSync(dist, { recursive: true, force: true }));
  mkdirSync(join(dist, '.vite'));
  writeFileSync(
    join(dist, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index-1.js', imports: ['_shared-2.js'] },
      '_shared-2.js': { file: 'assets/shared-2.js' },
      'src/features/map/engines/leaflet-engine.ts': {
        file: 'assets/leaflet-engine-3.js',
        css: ['assets/leaflet-engine-3.css'],
        imports: ['_shared-2.js'],
      },
      'src/features/map/engines/google-engine.ts': { file: 'assets/google-engine-4.js' },
      'src/locales/en.json': { file: 'assets/en-5.js' },
      'src/locales/hr.json': { file: 'assets/hr-6.js' },
    }),
  );
  const map = { tileUrl: 'https://tiles.example.org/{z}/{x}/{y}.png' };

  it('names the config, the engine chunk with its CSS and imports, the tile server and the likely messages', () => {
    const hints = pageHints({ ...map, engine: 'leaflet' }, dist, { scripts: true, basemap: 'raster' });
    expect(hints('hr-HR,hr;q=0.9,en;q=0.8').split(', ')).toEqual([
      '<https://tiles.example.org>; rel=preconnect',
      '</api/v1/config>; rel=preload; as=fetch; crossorigin',
      '</assets/leaflet-engine-3.js>; rel=modulepreload',
      '</assets/leaflet-engine-3.css>; rel=preload; as=style; crossorigin',
      '</assets/shared-2.js>; rel=modulepreload',
      '</assets/hr-6.js>; rel=modulepreload',
    ]);
    // A language without messages falls back to the source language, as the app does.
    expect(hints('de')).toContain('</assets/en-5.js>; rel=modulepreload');
    expect(hints(undefined)).toContain('</assets/en-5.js>; rel=modulepreload');
  });

  it('names no script with the Google engine, whose nonce CSP would refuse it, nor a tile server', () => {
    const hints = pageHints({ ...map, engine: 'google' }, dist, { scripts: false, basemap: 'raster' })('en');
    expect(hints).toBe('</api/v1/config>; rel=preload; as=fetch; crossorigin');
  });

  it('names no tile server with Karta’s own base map, whose tiles are this server’s', () => {
    const hints = pageHints({ ...map, engine: 'leaflet' }, dist, { scripts: true, basemap: 'pmtiles' })('en');
    expect(hints).not.toContain('preconnect');
    expect(hints.split(', ')[0]).toBe('</api/v1/config>; rel=preload; as=fetch; crossorigin');
    expect(hints).toContain('</assets/leaflet-engine-3.js>; rel=modulepreload');
  });

  it('still names the config without a manifest (a build older than the hints)', () => {
    expect(
      pageHints({ ...map, engine: 'leaflet' }, join(dist, 'none'), { scripts: true, basemap: 'raster' })(
        'en',
      ),
    ).toBe(
      '<https://tiles.example.org>; rel=preconnect, </api/v1/config>; rel=preload; as=fetch; crossorigin',
    );
  });
});
