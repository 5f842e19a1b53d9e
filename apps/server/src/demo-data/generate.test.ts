import { CategoryFields, checkExtra } from '@karta/contracts';
import { describe, expect, it } from 'vitest';
import { checkOpeningHours } from '../opening-hours/open-state.ts';
import { DEMO_CATEGORIES } from './categories.ts';
import { demoFields } from './fields.ts';
import { generateDemoPlaces } from './generate.ts';

describe('generateDemoPlaces', () => {
  it('yields the same places for the same seed and different ones for another seed', () => {
    const first = [...generateDemoPlaces(500, 7)];
    const again = [...generateDemoPlaces(500, 7)];
    const other = [...generateDemoPlaces(500, 8)];
    expect(again).toEqual(first);
    expect(other).not.toEqual(first);
  });

  it('yields exactly `count` places with unique external ids', () => {
    const places = [...generateDemoPlaces(3000)];
    expect(places).toHaveLength(3000);
    expect(new Set(places.map((place) => place.externalId)).size).toBe(3000);
  });

  it('streams: a large count is produced lazily', () => {
    const iterator = generateDemoPlaces(1_000_000);
    const firstTen = Array.from({ length: 10 }, () => iterator.next().value);
    expect(firstTen.every(Boolean)).toBe(true);
  });

  it('uses only known categories, valid ranges and the contract limits', () => {
    const slugs = new Set(DEMO_CATEGORIES.map((category) => category.slug));
    for (const place of generateDemoPlaces(5000)) {
      expect(slugs.has(place.category)).toBe(true);
      expect(place.name[place.primaryLanguage]).toBeTruthy();
      expect(place.radius === null || (place.radius >= 50 && place.radius <= 2000)).toBe(true);
      expect(place.address.length).toBeLessThanOrEqual(200);
      for (const name of Object.values(place.name)) expect(name.length).toBeLessThanOrEqual(120);
    }
  });

  it('fills most values of the demo fields, each one the field’s own rule accepts', () => {
    let withFields = 0;
    let filled = 0;
    for (const place of generateDemoPlaces(5000)) {
      const fields = CategoryFields.parse(demoFields(place.category));
      expect(fields.every((field) => !field.required)).toBe(true);
      const { values, issues } = checkExtra(fields, place.extra);
      expect(issues).toEqual([]);
      expect(values).toEqual(place.extra);
      if (fields.length === 0) continue;
      withFields += 1;
      if (Object.keys(place.extra).length > 0) filled += 1;
    }
    expect(withFields).toBeGreaterThan(1000);
    expect(filled / withFields).toBeGreaterThan(0.9);
  });

  it('gives most places of the kinds that keep hours realistic ones, each readable, and shelters none', () => {
    const byCategory = new Map<string, { all: number; withHours: number }>();
    const context = { timeZone: 'Europe/Zagreb', country: 'hr', lat: 45.81, lng: 15.98 };
    for (const place of generateDemoPlaces(5000)) {
      const counts = byCategory.get(place.category) ?? { all: 0, withHours: 0 };
      counts.all += 1;
      if (place.openingHours) {
        counts.withHours += 1;
        expect(checkOpeningHours(place.openingHours, context).error, place.openingHours).toBeNull();
      }
      byCategory.set(place.category, counts);
    }
    const share = (slug: string) => {
      const counts = byCategory.get(slug) ?? { all: 1, withHours: 0 };
      return counts.withHours / counts.all;
    };
    expect(share('pharmacy')).toBeGreaterThan(0.8);
    expect(share('library')).toBeGreaterThan(0.85);
    expect(share('shelter')).toBe(0);
  });
});
