import { describe, expect, it } from 'vitest';
import { PLACE_TEXT_MAX, PlaceInput, PlacePatch, placeTextLength } from './place-writes.ts';
import { MAX_LANGUAGES, unsupportedLanguageIssues } from './primitives.ts';

const base = { categoryId: 1, name: { en: 'Fridge' }, lat: 45.8, lng: 16 };

describe('place proposals and edits', () => {
  it('trims text, drops empty descriptions and keeps line breaks', () => {
    const parsed = PlaceInput.parse({
      ...base,
      name: { en: '  Fridge  ', hr: 'Hladnjak' },
      description: { en: 'Line one\nLine two  ', hr: '   ' },
      address: '  ',
    });
    expect(parsed.name).toEqual({ en: 'Fridge', hr: 'Hladnjak' });
    expect(parsed.description).toEqual({ en: 'Line one\nLine two' });
    expect(parsed.address).toBeNull();
  });

  it('lets an edit clear a description language', () => {
    expect(PlacePatch.parse({ version: 3, description: { en: '', hr: 'Opis' } }).description).toEqual({
      hr: 'Opis',
    });
  });

  it('refuses an empty name, a bad website, a radius out of range and NUL bytes, field by field', () => {
    const result = PlaceInput.safeParse({
      ...base,
      name: { en: ' ' },
      website: 'javascript:alert(1)',
      radius: 100_001,
      address: 'a\u0000b',
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path.join('.')).sort()).toEqual([
      'address',
      'name.en',
      'radius',
      'website',
    ]);
  });
});

describe('numbers a proposal may hold', () => {
  it('refuses ids and versions beyond the 32-bit columns', () => {
    expect(PlaceInput.safeParse({ ...base, categoryId: 2_147_483_647 }).success).toBe(true);
    const tooBig = PlaceInput.safeParse({ ...base, categoryId: 2_147_483_648 });
    expect(tooBig.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['categoryId']);
    expect(PlacePatch.safeParse({ version: 2_147_483_648 }).success).toBe(false);
  });

  it('rounds coordinates to 7 decimals, so a denormal is 0 and float noise is gone', () => {
    const parsed = PlaceInput.parse({ ...base, lat: 45.804500000000004, lng: 5e-324 });
    expect(parsed.lat).toBe(45.8045);
    expect(Object.is(parsed.lng, 0)).toBe(true);
    expect(PlaceInput.parse({ ...base, lng: -1e-310 }).lng).toBe(0);
    expect(Object.is(PlaceInput.parse({ ...base, lng: -1e-310 }).lng, 0)).toBe(true);
  });

  it('refuses non-finite and out-of-range coordinates', () => {
    for (const lat of [Number.NaN, Number.POSITIVE_INFINITY, 90.0000001, -91]) {
      expect(PlaceInput.safeParse({ ...base, lat }).success, String(lat)).toBe(false);
    }
  });
});

describe('languages and size', () => {
  const codes = Array.from({ length: MAX_LANGUAGES + 1 }, (_, i) =>
    String.fromCharCode(97 + Math.floor(i / 26), 97 + (i % 26)),
  );

  it(`takes at most ${MAX_LANGUAGES} languages in a text record`, () => {
    const many = Object.fromEntries(codes.map((code) => [code, 'x']));
    const result = PlaceInput.safeParse({ ...base, name: many });
    expect(result.error?.issues[0]).toMatchObject({ path: ['name'], params: { code: 'too_many_languages' } });
  });

  it(`caps a place's text at ${PLACE_TEXT_MAX} characters in all`, () => {
    const description = Object.fromEntries(codes.slice(0, 7).map((code) => [code, 'x'.repeat(2000)]));
    const result = PlaceInput.safeParse({ ...base, description });
    expect(result.error?.issues[0]).toMatchObject({
      path: ['description'],
      params: { code: 'too_long', maximum: PLACE_TEXT_MAX },
    });
    expect(placeTextLength(PlaceInput.parse({ ...base, description: { en: 'ab' } }))).toBe(8);
  });

  it('names the keys outside the configured languages', () => {
    expect(unsupportedLanguageIssues({ hr: 'a', de: 'b' }, ['hr', 'en'], 'name')).toEqual([
      { path: 'name.de', code: 'unsupported_language', message: 'This site takes text in hr, en only' },
    ]);
    expect(unsupportedLanguageIssues(undefined, ['hr'], 'description')).toEqual([]);
  });
});
