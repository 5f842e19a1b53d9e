import { describe, expect, it } from 'vitest';
import { testConfig } from '../../../testing/fixtures.ts';
import { firstTileOfPage, firstTileUrl, preloadFirstTile } from './first-tile.ts';

const zagreb = { lat: 45.8, lng: 16 };

describe('firstTileUrl', () => {
  it('names the tile under the centre, as Leaflet asks for it', () => {
    // The tile Lighthouse reported as the home page's largest paint at the default view.
    expect(firstTileUrl('https://t.example.org/{z}/{x}/{y}.png', zagreb, 10, false)).toBe(
      'https://t.example.org/10/557/365.png',
    );
    expect(firstTileUrl('https://t.example.org/{z}/{x}/{y}.png', { lat: 0.001, lng: -0.001 }, 1, false)).toBe(
      'https://t.example.org/1/0/0.png',
    );
  });

  it('fills a subdomain by (x + y) mod 3 and @2x on a dense screen, as Leaflet does', () => {
    const template = 'https://{s}.tile.example.org/{z}/{x}/{y}{r}.png';
    expect(firstTileUrl(template, zagreb, 10, true)).toBe('https://b.tile.example.org/10/557/365@2x.png');
    expect(firstTileUrl(template, zagreb, 11, false)).toBe('https://a.tile.example.org/11/1115/730.png');
    expect(firstTileUrl(template, { lat: 45.8, lng: 16.3 }, 11, false)).toBe(
      'https://b.tile.example.org/11/1116/730.png',
    );
  });

  it('rounds a fractional zoom as Leaflet picks its tile zoom', () => {
    expect(firstTileUrl('/{z}/{x}/{y}.png', zagreb, 9.6, false)).toBe('/10/557/365.png');
  });

  it('does not guess at a template with placeholders of its own', () => {
    expect(firstTileUrl('https://t.example.org/{z}/{x}/{-y}.png', zagreb, 10, false)).toBeNull();
    expect(firstTileUrl('https://t.example.org/{z}/{x}/{y}.png?key={apikey}', zagreb, 10, false)).toBeNull();
  });
});

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
