import { describe, expect, it } from 'vitest';
import { BboxParam, formatBbox, intParam, LatLngParam } from './query-params.ts';

describe('coordinates in a query string', () => {
  it('rounds a point to 7 decimals, so a denormal becomes 0 and never reaches the database', () => {
    expect(LatLngParam.parse('5e-324,0')).toEqual({ lat: 0, lng: 0 });
    expect(Object.is(LatLngParam.parse('-1e-310,1').lat, 0)).toBe(true);
    expect(LatLngParam.parse('45.81234567,15.97')).toEqual({ lat: 45.8123457, lng: 15.97 });
  });

  it('rounds a box outward, so a place on its edge stays inside', () => {
    expect(BboxParam.parse('15.91234567,45.81234561,15.91234561,45.81234569')).toEqual({
      west: 15.9123456,
      south: 45.8123456,
      east: 15.9123457,
      north: 45.8123457,
    });
    expect(BboxParam.parse('-5e-324,-5e-324,5e-324,5e-324')).toEqual({
      west: -1e-7,
      south: -1e-7,
      east: 1e-7,
      north: 1e-7,
    });
    expect(BboxParam.parse('-180,-90,180,90')).toEqual({ west: -180, south: -90, east: 180, north: 90 });
  });

  it('writes a box so that it reads back holding at least the same area, and keeps short decimals as they are', () => {
    const box = { west: 15.91234567, south: 45.81234561, east: 15.91234561, north: 45.81234569 };
    const back = BboxParam.parse(formatBbox(box));
    expect(back.west).toBeLessThanOrEqual(box.west);
    expect(back.south).toBeLessThanOrEqual(box.south);
    expect(back.east).toBeGreaterThanOrEqual(box.east);
    expect(back.north).toBeGreaterThanOrEqual(box.north);
    expect(formatBbox({ west: 15.9, south: 45.7, east: 16.1, north: 0.3 })).toBe('15.9,45.7,16.1,0.3');
    // A coarse place's public position with float noise, as a cluster's edge: still inside.
    expect(BboxParam.parse('45.804500000000004,0,45.804500000000004,0')).toMatchObject({
      west: 45.8045,
      east: 45.8045001,
    });
    for (let i = 0; i < 998; i += 1) {
      const value = Math.round((i * 0.3607 - 180) * 1e7) / 1e7;
      expect(BboxParam.parse(`${value},0,${value},0`).west).toBe(value);
    }
  });

  it('refuses what is not a finite number in range', () => {
    for (const raw of ['NaN,0', 'Infinity,0', '1e400,0', '91,0', '0,181', '0x10,0,', '1,2,3']) {
      expect(LatLngParam.safeParse(raw).success, raw).toBe(false);
    }
  });

  it('takes integers up to where JSON numbers are exact, within the bounds given', () => {
    expect(intParam(1, Number.MAX_SAFE_INTEGER).parse('9007199254740991')).toBe(9007199254740991);
    expect(intParam(1, Number.MAX_SAFE_INTEGER).safeParse('9007199254740992').success).toBe(false);
    expect(intParam(1, 100).safeParse('1.5').success).toBe(false);
  });
});
