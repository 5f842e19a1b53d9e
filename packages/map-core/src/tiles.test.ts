import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { project, TILE_SIZE } from './mercator.ts';
import { centreTileUrl, tilesAround } from './tiles.ts';

const zagreb = { lat: 45.8, lng: 16 };

describe('centreTileUrl', () => {
  it('names the tile under the centre, as Leaflet asks for it', () => {
    // The tile Lighthouse reported as the home page's largest paint at the default view.
    expect(centreTileUrl('https://t.example.org/{z}/{x}/{y}.png', zagreb, 10, false)).toBe(
      'https://t.example.org/10/557/365.png',
    );
    expect(
      centreTileUrl('https://t.example.org/{z}/{x}/{y}.png', { lat: 0.001, lng: -0.001 }, 1, false),
    ).toBe('https://t.example.org/1/0/0.png');
  });

  it('fills a subdomain by (x + y) mod 3 and @2x on a dense screen, as Leaflet does', () => {
    const template = 'https://{s}.tile.example.org/{z}/{x}/{y}{r}.png';
    expect(centreTileUrl(template, zagreb, 10, true)).toBe('https://b.tile.example.org/10/557/365@2x.png');
    expect(centreTileUrl(template, zagreb, 11, false)).toBe('https://a.tile.example.org/11/1115/730.png');
    expect(centreTileUrl(template, { lat: 45.8, lng: 16.3 }, 11, false)).toBe(
      'https://b.tile.example.org/11/1116/730.png',
    );
  });

  it('rounds a fractional zoom as Leaflet picks its tile zoom', () => {
    expect(centreTileUrl('/{z}/{x}/{y}.png', zagreb, 9.6, false)).toBe('/10/557/365.png');
  });

  it('does not guess at a template with placeholders of its own', () => {
    expect(centreTileUrl('https://t.example.org/{z}/{x}/{-y}.png', zagreb, 10, false)).toBeNull();
    expect(centreTileUrl('https://t.example.org/{z}/{x}/{y}.png?key={apikey}', zagreb, 10, false)).toBeNull();
  });
});

describe('tilesAround', () => {
  it('covers a 412 × 400 px map at the default view with the tiles Leaflet draws, nearest first', () => {
    const spots = tilesAround('/{z}/{x}/{y}.png', zagreb, 10, {
      halfWidth: 206,
      halfHeight: 200,
      dense: false,
    });
    // Zagreb at zoom 10 lies at world pixel (142 722.8, 93 470.1): 131 px into column 557 and 30 px
    // into row 365, so the map shows columns 556–558 of rows 364 and 365 (what Leaflet asked for).
    expect(spots.map((spot) => spot.url).sort()).toEqual(
      ['556/364', '556/365', '557/364', '557/365', '558/364', '558/365']
        .map((tile) => `/10/${tile}.png`)
        .sort(),
    );
    expect(spots[0]).toMatchObject({ url: '/10/557/365.png' });
    const point = project(zagreb, 10);
    expect(spots[0]?.left).toBeCloseTo(557 * TILE_SIZE - point.x, 9);
    expect(spots[0]?.top).toBeCloseTo(365 * TILE_SIZE - point.y, 9);
  });

  it('wraps columns across the antimeridian and leaves out rows beyond the world', () => {
    const spots = tilesAround('/{z}/{x}/{y}.png', { lat: 84, lng: 179.9 }, 1, {
      halfWidth: 300,
      halfHeight: 300,
      dense: false,
    });
    expect(new Set(spots.map((spot) => spot.url))).toEqual(
      new Set(['/1/0/0.png', '/1/1/0.png', '/1/0/1.png', '/1/1/1.png']),
    );
    expect(spots.every((spot) => spot.top >= -300 - TILE_SIZE && spot.top <= 300)).toBe(true);
  });

  it('tiles the whole view without a gap or an overlap, wherever and at whatever size', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -80, max: 80, noNaN: true }),
        fc.double({ min: -180, max: 180, noNaN: true }),
        fc.integer({ min: 3, max: 18 }),
        fc.integer({ min: 1, max: 1400 }),
        fc.integer({ min: 1, max: 400 }),
        (lat, lng, zoom, halfWidth, halfHeight) => {
          const spots = tilesAround('/{z}/{x}/{y}.png', { lat, lng }, zoom, {
            halfWidth,
            halfHeight,
            dense: false,
          });
          // Every tile touches the view, and the tiles' union is one rectangle holding it.
          for (const spot of spots) {
            expect(spot.left).toBeLessThan(halfWidth);
            expect(spot.left + TILE_SIZE).toBeGreaterThan(-halfWidth);
          }
          const lefts = [...new Set(spots.map((spot) => spot.left))].sort((a, b) => a - b);
          const tops = [...new Set(spots.map((spot) => spot.top))].sort((a, b) => a - b);
          expect(spots).toHaveLength(lefts.length * tops.length);
          expect(lefts[0]).toBeLessThanOrEqual(-halfWidth);
          expect((lefts.at(-1) ?? 0) + TILE_SIZE).toBeGreaterThanOrEqual(halfWidth);
          for (const [index, left] of lefts.slice(1).entries()) {
            expect(left - (lefts[index] ?? 0)).toBeCloseTo(TILE_SIZE, 6);
          }
        },
      ),
    );
  });
});
