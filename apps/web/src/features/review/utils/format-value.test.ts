import { CategoryFields } from '@karta/contracts';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../../../lib/i18n/i18n.ts';
import { testMessages } from '../../../testing/messages.ts';
import { extraLabel, formatExtraValue } from './format-value.ts';

const [indoor, access, languages, level] = CategoryFields.parse([
  { key: 'indoor', type: 'boolean', label: { en: 'Indoor', hr: 'U zatvorenom' } },
  {
    key: 'access',
    type: 'enum',
    label: { en: 'Access', hr: 'Pristup' },
    options: [
      { value: 'yes', label: { en: 'Public', hr: 'Javno' } },
      { value: 'customers', label: { en: 'Customers only', hr: 'Samo za korisnike' } },
      { value: 'private', label: { en: 'Private', hr: 'Privatno' }, retired: true },
    ],
  },
  {
    key: 'languages',
    type: 'multi_enum',
    label: { en: 'Languages spoken' },
    options: [
      { value: 'hr', label: { en: 'Croatian', hr: 'Hrvatski' } },
      { value: 'en', label: { en: 'English', hr: 'Engleski' } },
    ],
  },
  { key: 'level', type: 'integer', label: { en: 'Floor', hr: 'Kat' }, unit: 'm' },
]);
const category = {
  fields: [indoor, access, languages].filter((field) => field !== undefined),
  removedFields: level ? [level] : [],
};

/** The review's words in a language, as the app has them. */
function translator(language: 'en' | 'hr') {
  return createI18n(language, testMessages(language)).t;
}

describe('formatExtraValue', () => {
  const t = translator('en');
  it('reads each value as the category’s field says', () => {
    expect(formatExtraValue(indoor, true, t, 'en')).toBe('yes');
    expect(formatExtraValue(indoor, false, t, 'en')).toBe('no');
    expect(formatExtraValue(access, 'customers', t, 'en')).toBe('Customers only');
    expect(formatExtraValue(languages, ['hr', 'en'], t, 'en')).toBe('Croatian, English');
    expect(formatExtraValue(level, 2, t, 'en')).toBe('2 m');
  });

  it('names a retired option as no longer offered', () => {
    expect(formatExtraValue(access, 'private', t, 'en')).toBe('Private (no longer offered)');
  });

  it('writes the words in the reader’s language', () => {
    const croatian = translator('hr');
    expect(formatExtraValue(indoor, true, croatian, 'hr')).toBe('da');
    expect(formatExtraValue(access, 'private', croatian, 'hr')).toBe('Privatno (više se ne nudi)');
    expect(formatExtraValue(languages, ['en'], croatian, 'hr')).toBe('Engleski');
  });

  it('shows a key the category no longer knows, or a value of another type, as stored', () => {
    expect(formatExtraValue(undefined, ['a', 'b'], t, 'en')).toBe('a, b');
    expect(formatExtraValue(undefined, true, t, 'en')).toBe('true');
    expect(formatExtraValue(undefined, 'Ilica 5', t, 'en')).toBe('Ilica 5');
    expect(formatExtraValue(indoor, 'sometimes', t, 'en')).toBe('sometimes');
  });

  it('has nothing to show for no value', () => {
    expect([null, undefined, '', []].map((value) => formatExtraValue(access, value, t, 'en'))).toEqual([
      null,
      null,
      null,
      null,
    ]);
  });
});

describe('extraLabel', () => {
  it('names a field by its label in the reader’s language, a removed one too, else by its key', () => {
    expect(extraLabel(category, 'indoor', 'hr')).toBe('U zatvorenom');
    expect(extraLabel(category, 'languages', 'hr', 'en')).toBe('Languages spoken');
    expect(extraLabel(category, 'level', 'en')).toBe('Floor');
    expect(extraLabel(category, 'gone', 'en')).toBe('gone');
    expect(extraLabel(undefined, 'indoor', 'en')).toBe('indoor');
  });
});
