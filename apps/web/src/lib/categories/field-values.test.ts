import { type CategoryField, CategoryFields } from '@karta/contracts';
import { describe, expect, it } from 'vitest';
import { fieldLabel, filledFields, fitsField, formatFieldValue, optionView } from './field-values.ts';

const fields = CategoryFields.parse([
  { key: 'indoor', type: 'boolean', label: { en: 'Indoor', hr: 'U zatvorenom' } },
  {
    key: 'access',
    type: 'enum',
    label: { en: 'Access' },
    options: [
      { value: 'yes', label: { en: 'Public', hr: 'Javno' } },
      { value: 'private', label: { en: 'Private' }, retired: true },
    ],
  },
  {
    key: 'languages',
    type: 'multi_enum',
    label: { en: 'Languages' },
    options: [
      { value: 'hr', label: { en: 'Croatian' } },
      { value: 'en', label: { en: 'English' } },
    ],
  },
  { key: 'height', type: 'number', label: { en: 'Height' }, unit: 'm' },
  { key: 'since', type: 'date', label: { en: 'Since' } },
]);
const field = (key: string) => fields.find((candidate) => candidate.key === key) as CategoryField;
const [indoor, access, languages, height, since] = ['indoor', 'access', 'languages', 'height', 'since'].map(
  field,
) as [CategoryField, CategoryField, CategoryField, CategoryField, CategoryField];
const words = { yes: 'yes', no: 'no', locale: 'en' };

describe('field values', () => {
  it('names a field in the reader’s language, with fallbacks', () => {
    expect(fieldLabel(indoor, 'hr')).toBe('U zatvorenom');
    expect(fieldLabel(access, 'hr', 'en')).toBe('Access');
  });

  it('writes each type as a reader reads it', () => {
    expect(formatFieldValue(indoor, true, 'en', words)).toBe('yes');
    expect(formatFieldValue(access, 'yes', 'hr', words)).toBe('Javno');
    expect(formatFieldValue(languages, ['hr', 'en'], 'en', words)).toBe('Croatian, English');
    expect(formatFieldValue(height, 1234.5, 'en', words)).toBe('1,234.5 m');
    expect(formatFieldValue(since, '2026-05-01', 'en', words)).toBe('May 1, 2026');
  });

  it('marks a retired option, and shows an unknown one as stored', () => {
    expect(optionView(access, 'private', 'en')).toEqual({
      value: 'private',
      label: 'Private',
      retired: true,
    });
    expect(optionView(access, 'gone', 'en')).toEqual({
      value: 'gone',
      label: 'gone',
      retired: false,
    });
  });

  it('names a retired option as the caller words it, and leaves it as it is otherwise', () => {
    const marked = { ...words, retiredOption: (label: string) => `${label} (no longer offered)` };
    expect(formatFieldValue(access, 'private', 'en', marked)).toBe('Private (no longer offered)');
    expect(formatFieldValue(access, 'yes', 'en', marked)).toBe('Public');
    expect(formatFieldValue(access, 'private', 'en', words)).toBe('Private');
  });

  it('tells a value that fits its field’s type from one kept from another type', () => {
    expect([fitsField(indoor, true), fitsField(indoor, 'yes')]).toEqual([true, false]);
    expect([fitsField(height, 2), fitsField(height, '2')]).toEqual([true, false]);
    expect([fitsField(languages, ['hr']), fitsField(languages, 'hr')]).toEqual([true, false]);
    expect([fitsField(access, 'yes'), fitsField(access, ['yes'])]).toEqual([true, false]);
  });

  it('lists the filled fields in the category’s order', () => {
    const category = { fields: [indoor, access, height] };
    expect(
      filledFields(category, { height: 2, indoor: false, other: 1 }).map(({ field }) => field.key),
    ).toEqual(['indoor', 'height']);
  });
});
