import { describe, expect, it } from 'vitest';
import { isMapTile, isOwnBasemapTile, isPublicApiRead, isPublicPhoto } from './sw-routes.ts';

const origin = 'https://karta.example.org';
const url = (path: string, base = origin) => new URL(path, base);

describe('what the service worker keeps for offline use', () => {
  it.each([
    '/api/v1/config',
    '/api/v1/categories',
    '/api/v1/map?bbox=15.9,45.7,16.1,45.9&zoom=12',
    '/api/v1/places?q=ljekarna&near=45.8,16&sort=distance',
    '/api/v1/places/suggestions?q=lj',
    '/api/v1/places/similar?name=x&lat=45.8&lng=16',
    '/api/v1/places/42',
    '/api/v1/places/42/photos',
    '/api/v1/places/42/notes?limit=10',
    '/api/v1/opening-hours?hours=Mo-Fr%2008:00-16:00',
    '/api/v1/auth/me',
  ])('keeps the public read %s', (path) => {
    expect(isPublicApiRead(url(path))).toBe(true);
  });

  it.each([
    '/api/v1/places?status=pending',
    '/api/v1/places?mine=true',
    '/api/v1/places/42/history',
    '/api/v1/places/needs-checking',
    '/api/v1/flags',
    '/api/v1/users',
    '/api/v1/auth/sessions',
    '/api/v1/auth/notifications',
    '/api/v1/follows?token=abc',
    '/api/v1/export.geojson',
    '/api/v1/feeds/review.atom?token=abc',
    '/api/v1/health',
    '/api/v1/photos?status=pending',
    '/api/v1/map?bbox=15.9,45.7,16.1,45.9&zoom=12&openNow=true',
    '/api/v1/places?near=45.8,16&radius=1000&openNow=true',
    '/api/v1/places?near=45.8,16&radius=1000&openAt=2026-11-27T18:00:00%2B01:00',
  ])('never keeps %s (private, large, true only at that moment, or not needed offline)', (path) => {
    expect(isPublicApiRead(url(path))).toBe(false);
  });

  it('keeps published photos’ images, not their lists', () => {
    expect(isPublicPhoto(url('/api/v1/photos/7/thumb.webp'))).toBe(true);
    expect(isPublicPhoto(url('/api/v1/photos/7/large.webp'))).toBe(true);
    expect(isPublicPhoto(url('/api/v1/photos'))).toBe(false);
    expect(isPublicPhoto(url('/api/v1/photos/7/original.jpg'))).toBe(false);
  });

  it('keeps raster tiles of the tile server, not other images', () => {
    expect(isMapTile(url('/12/2200/1400.png', 'https://tile.openstreetmap.org'), origin)).toBe(true);
    expect(isMapTile(url('/12/2200/1400@2x.png', 'https://a.tiles.example.net'), origin)).toBe(true);
    expect(isMapTile(url('/styles/x/12/2200/1400.jpg', 'https://tiles.example.net'), origin)).toBe(true);
    expect(isMapTile(url('/favicon.png', 'https://tile.openstreetmap.org'), origin)).toBe(false);
    expect(isMapTile(url('/12/2200/1400.png'), origin)).toBe(false);
    expect(isMapTile(url('/vt?lyrs=m&x=1&y=2&z=3', 'https://maps.googleapis.com'), origin)).toBe(false);
  });

  it('keeps the deployment’s own vector tiles, and only its own', () => {
    expect(isOwnBasemapTile(url('/tiles/12/2230/1460.mvt'), origin)).toBe(true);
    expect(isOwnBasemapTile(url('/tiles/0/0/0.mvt'), origin)).toBe(true);
    expect(isOwnBasemapTile(url('/tiles/12/2230/1460.mvt', 'https://tiles.example.net'), origin)).toBe(false);
    expect(isOwnBasemapTile(url('/tiles/12/2230/1460.png'), origin)).toBe(false);
    expect(isOwnBasemapTile(url('/api/v1/tiles/size?bbox=1,2,3,4'), origin)).toBe(false);
  });
});
