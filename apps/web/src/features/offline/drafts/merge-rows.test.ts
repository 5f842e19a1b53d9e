import { describe, expect, it } from 'vitest';
import { emptyPlaceForm, type PlaceFormValues } from '../../../lib/places/place-form-values.ts';
import { mergedValues, mergeRows } from './merge-rows.ts';

const place = (changes: Partial<PlaceFormValues> = {}): PlaceFormValues => ({
  ...emptyPlaceForm(['hr', 'en']),
  categoryId: '1',
  name: { hr: 'Ljekarna', en: 'Pharmacy' },
  lat: '45.8',
  lng: '16',
  phone: '+385 1 111',
  ...changes,
});

describe('merging an edit kept offline with the place as it is now', () => {
  const base = place();
  const mine = place({
    name: { hr: 'Ljekarna Centar', en: 'Pharmacy' },
    phone: '+385 1 222',
    lat: '45.81',
    email: 'centar@ljekarna.hr',
  });
  const now = place({
    name: { hr: 'Gradska ljekarna', en: 'Pharmacy' },
    phone: '+385 1 222',
    lng: '16.01',
    website: 'https://x.hr',
  });

  it('lists only the fields the user changed, asking only where someone else changed them otherwise', () => {
    expect(mergeRows(base, mine, now)).toEqual([
      { id: 'position', fields: ['lat', 'lng'], differs: true },
      { id: 'name.hr', fields: ['name.hr'], differs: true },
      { id: 'phone', fields: ['phone'], differs: false },
      { id: 'email', fields: ['email'], differs: false },
    ]);
  });

  it('keeps what others changed in fields the user did not touch, and each side where chosen', () => {
    const rows = mergeRows(base, mine, now);
    const keepMineName = mergedValues(now, mine, rows, new Set(['name.hr', 'phone', 'email']));
    expect(keepMineName.name).toEqual({ hr: 'Ljekarna Centar', en: 'Pharmacy' });
    expect([keepMineName.lat, keepMineName.lng]).toEqual(['45.8', '16.01']);
    expect(keepMineName.website).toBe('https://x.hr');
    expect(keepMineName.email).toBe('centar@ljekarna.hr');
    expect(mergedValues(now, mine, rows, new Set())).toEqual(now);
    // A position is taken whole: never one side's latitude with the other's longitude.
    const keepPosition = mergedValues(now, mine, rows, new Set(['position']));
    expect([keepPosition.lat, keepPosition.lng]).toEqual(['45.81', '16']);
  });
});

describe('merging the category’s values of an edit kept offline', () => {
  const base = place({ extra: { indoor: true, level: 1 } });
  const mine = place({ extra: { level: 2, access: 'yes' } });
  const now = place({ extra: { indoor: true, level: 3 } });

  it('lists each value the user changed, set or cleared, as its own line', () => {
    expect(mergeRows(base, mine, now)).toEqual([
      { id: 'extra.indoor', fields: ['extra.indoor'], differs: false },
      { id: 'extra.level', fields: ['extra.level'], differs: true },
      { id: 'extra.access', fields: ['extra.access'], differs: false },
    ]);
  });

  it('takes the user’s side as it is (a number stays a number; a cleared value goes)', () => {
    const rows = mergeRows(base, mine, now);
    expect(mergedValues(now, mine, rows, new Set(rows.map((row) => row.id))).extra).toEqual({
      level: 2,
      access: 'yes',
    });
    expect(mergedValues(now, mine, rows, new Set(['extra.access'])).extra).toEqual({
      indoor: true,
      level: 3,
      access: 'yes',
    });
  });
});
