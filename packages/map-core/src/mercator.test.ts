import { describe, expect, it } from 'vitest';
import {
  MAX_LATITUDE,
  offsetByPixels,
  pixelDistance,
  project,
  unproject,
  worldSize,
  wrapLng,
} from './mercator.ts';

describe('Web Mercator on 256-px tiles', () => {
  it('puts the world in one 256-px tile at zoom 0 and doubles it each zoom', () => {
    expect(worldSize(0)).toBe(256);
    expect(worldSize(10)).toBe(262144);
    expect(project({ lat: 0, lng: 0 }, 0)).toEqual({ x: 128, y: 128 });
    expect(project({ lat: MAX_LATITUDE, lng: -180 }, 1).x).toBe(0);
    expect(project({ lat: MAX_LATITUDE, lng: -180 }, 1).y).toBeCloseTo(0, 9);
  });

  it('round-trips a position through world pixels', () => {
    const zagreb = { lat: 45.8, lng: 16.0 };
    const back = unproject(project(zagreb, 13), 13);
    expect(back.lat).toBeCloseTo(45.8, 10);
    expect(back.lng).toBeCloseTo(16.0, 10);
  });

  it('measures 64 px from 0° to 90° east on the equator at zoom 0', () => {
    expect(pixelDistance({ lat: 0, lng: 0 }, { lat: 0, lng: 90 }, 0)).toBeCloseTo(64, 9);
    expect(pixelDistance({ lat: 0, lng: 0 }, { lat: 0, lng: 90 }, 3)).toBeCloseTo(512, 9);
  });

  it('measures across the antimeridian when that is shorter', () => {
    expect(pixelDistance({ lat: 0, lng: 179 }, { lat: 0, lng: -179 }, 0)).toBeCloseTo((2 / 360) * 256, 9);
  });

  it('offsets a position by screen pixels', () => {
    const start = { lat: 45.8, lng: 16.0 };
    for (const zoom of [2, 10, 18]) {
      const moved = offsetByPixels(start, 30, 40, zoom);
      expect(pixelDistance(start, moved, zoom)).toBeCloseTo(50, 6);
    }
  });

  it('wraps longitudes into −180…180', () => {
    expect(wrapLng(190)).toBe(-170);
    expect(wrapLng(-190)).toBe(170);
    expect(wrapLng(180)).toBe(180);
    expect(wrapLng(540)).toBe(-180);
  });
});
