import { describe, expect, it } from 'vitest';
import { PlaceInput, PlacePatch } from './place-writes.ts';

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
