import type { CategoryField } from '@karta/contracts';
import { describe, expect, it } from 'vitest';
import { fileFields, readValue, rowExtraOf, valueText } from './file-extra.ts';

const field = (type: CategoryField['type'], extra: Partial<CategoryField> = {}): CategoryField => ({
  key: 'f',
  type,
  label: { en: 'F' },
  ...extra,
});
const LANGUAGES = field('multi_enum', {
  options: ['hr', 'en', 'uk'].map((value) => ({ value, label: { en: value } })),
});

describe('values as files hold them', () => {
  it('writes each type as text a re-import reads back the same', () => {
    const cases: [CategoryField, Parameters<typeof valueText>[1]][] = [
      [field('boolean'), true],
      [field('boolean'), false],
      [field('number'), 0.1 + 0.2],
      [field('integer'), -5],
      [field('number'), 1e21],
      [field('date'), '2026-02-28'],
      [LANGUAGES, ['hr', 'uk']],
      [field('text'), '=SUM(A1)'],
      [field('longtext'), 'one\ntwo'],
      [field('url'), 'https://example.org/?a=b'],
      [field('phone'), '+385 1 234 5678'],
    ];
    for (const [definition, value] of cases) {
      expect(
        readValue(definition, valueText(definition, value), true),
        `${definition.type} ${value}`,
      ).toEqual(value);
    }
    expect(valueText(field('number'), 0.1 + 0.2)).toBe('0.30000000000000004');
    expect(valueText(field('text'), '=SUM(A1)')).toBe("'=SUM(A1)");
    // Phone numbers start with + and are no formula; numbers are numbers.
    expect(valueText(field('phone'), '+385 1')).toBe('+385 1');
  });

  it('joins several options in the field’s order, whatever the stored order', () => {
    expect(valueText(LANGUAGES, ['uk', 'hr'])).toBe('hr;uk');
    expect(readValue(LANGUAGES, ' uk ; hr;;', true)).toEqual(['uk', 'hr']);
  });

  it('reads yes/no as OpenStreetMap and spreadsheets write them, and empty as no value', () => {
    const yesNo = field('boolean');
    expect(['true', 'TRUE', 'yes', ' Yes '].map((text) => readValue(yesNo, text, true))).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(['false', 'no', 'NO'].map((text) => readValue(yesNo, text, true))).toEqual([false, false, false]);
    // Left as it is for checkExtra to refuse with its own code.
    expect(readValue(yesNo, 'maybe', true)).toBe('maybe');
    expect(readValue(field('integer'), 'twelve', true)).toBe('twelve');
    for (const type of ['boolean', 'number', 'date', 'enum', 'text'] as const) {
      expect(readValue(field(type), '', true), type).toBeNull();
      expect(readValue(field(type), null, true), type).toBeNull();
    }
    expect(readValue(LANGUAGES, ' ; ', true)).toBeNull();
    // The API's JSON is taken as it is: no guard to remove.
    expect(readValue(field('text'), "'=x", false)).toBe("'=x");
    expect(readValue(field('integer'), 3, false)).toBe(3);
  });

  it('gives one column per key, in the categories’ order', () => {
    const a = [field('boolean', { key: 'indoor' }), field('integer', { key: 'level' })];
    const b = [field('integer', { key: 'level' }), field('boolean', { key: 'bottle' })];
    expect(fileFields([{ fields: a }, { fields: b }]).map((definition) => definition.key)).toEqual([
      'indoor',
      'level',
      'bottle',
    ]);
  });

  it('finds a row’s values in x_ columns or GeoJSON’s extra, not both', () => {
    const csv = rowExtraOf({ externalId: 'a', x_indoor: 'true', x_level: '' }, 'csv');
    expect(csv.ok && csv.value.values).toEqual({ indoor: 'true', level: '' });
    expect(csv.ok && csv.value.path('indoor')).toBe('x_indoor');
    const object = rowExtraOf({ extra: { indoor: true } }, 'geojson');
    expect(object.ok && object.value.keys).toBe('all');
    expect(object.ok && object.value.path('indoor')).toBe('extra.indoor');
    const none = rowExtraOf({ name_en: 'x' }, 'geojson');
    expect(none.ok && [...(none.value.keys as Set<string>)]).toEqual([]);
    expect(rowExtraOf({ extra: {}, x_indoor: 'true' }, 'geojson').ok).toBe(false);
    expect(rowExtraOf({ extra: [true] }, 'geojson').ok).toBe(false);
  });
});
