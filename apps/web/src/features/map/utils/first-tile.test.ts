import { describe, expect, it } from 'vitest';
import { testConfig } from '../../../testing/fixtures.ts';
import { firstTileOfPage, preloadFirstTile } from './first-tile.ts';

describe('firstTileOfPage', () => {
  const config = testConfig();
  const at = (path: string) => new URL(path, 'https://karta.example.org');

  it('is the default view’s tile on the home page, or the view its URL opens on', () => {
    expect(firstTileOfPage(config, at('/'), false)).toBe('https://tiles.example.org/10/557/365.png');
    expect(firstTileOfPage(config, at('/?lat=45.8&lng=16&z=11'), false)).toBe(
      'https://tiles.example.org/11/1115/730.png',
    );
  });

  it('is nothing on another page, with Google’s engine, or with a place in the URL', () => {
    expect(firstTileOfPage(config, at('/near'), false)).toBeNull();
    expect(firstTileOfPage(testConfig({ mapEngine: 'google' }), at('/'), false)).toBeNull();
    expect(firstTileOfPage(config, at('/?place=12'), false)).toBeNull();
  });

  it('is nothing with the deployment’s own vector base map: no raster tile is asked of another server', () => {
    const basemap = {
      kind: 'pmtiles' as const,
      tileUrl: '/tiles/{z}/{x}/{y}.mvt',
      maxZoom: 12,
      attribution: '©',
    };
    expect(firstTileOfPage(testConfig({ basemap }), at('/'), false)).toBeNull();
  });
});

describe('preloadFirstTile', () => {
  it('asks for the tile with high priority', () => {
    preloadFirstTile('https://tiles.example.org/10/557/365.png');
    const link = document.head.querySelector<HTMLLinkElement>('link[rel=preload][as=image]');
    expect(link?.href).toBe('https://tiles.example.org/10/557/365.png');
    expect(link?.getAttribute('fetchpriority')).toBe('high');
    link?.remove();
  });
});
