import { describe, expect, it } from 'vitest';
import { generateWorldPlaces, worldCities } from './world-places.ts';

const ZAGREB = { lat: 45.8, lng: 16.0 };
const nearZagreb = (p: { lat: number; lng: number }) =>
  Math.abs(p.lat - ZAGREB.lat) < 0.5 && Math.abs(p.lng - ZAGREB.lng) < 0.7;

describe('generateWorldPlaces', () => {
  const places = [...generateWorldPlaces(5000)];

  it('yields the same places on every run, and others for another seed', () => {
    expect([...generateWorldPlaces(300)]).toEqual(places.slice(0, 300));
    expect([...generateWorldPlaces(300, 1)]).not.toEqual(places.slice(0, 300));
  });

  it('keeps about 30% around Zagreb and spreads the rest over the world', () => {
    const share = places.filter(nearZagreb).length / places.length;
    expect(share).toBeGreaterThan(0.27);
    expect(share).toBeLessThan(0.34);
    const degreeCells = new Set(places.map((p) => `${Math.floor(p.lat)},${Math.floor(p.lng)}`));
    expect(degreeCells.size).toBeGreaterThan(500);
    for (const p of places) {
      expect(Math.abs(p.lat)).toBeLessThanOrEqual(84);
      expect(Math.abs(p.lng)).toBeLessThanOrEqual(180);
    }
  });

  it('puts half the places within ~60 km of one of the 300 largest cities', () => {
    const { largest } = worldCities();
    const away = places.filter((p) => !nearZagreb(p));
    const byCity = away.filter((p) =>
      largest.some(
        (c) =>
          Math.abs(c.lat - p.lat) < 0.6 && Math.abs(c.lng - p.lng) < 0.6 / Math.cos((c.lat * Math.PI) / 180),
      ),
    );
    expect(byCity.length / places.length).toBeGreaterThan(0.45);
  });

  it('keeps the places the demo puts at one spot together', () => {
    const spots = new Map<string, number>();
    for (const p of places) spots.set(`${p.lat},${p.lng}`, (spots.get(`${p.lat},${p.lng}`) ?? 0) + 1);
    expect([...spots.values()].some((n) => n > 1)).toBe(true);
  });
});
