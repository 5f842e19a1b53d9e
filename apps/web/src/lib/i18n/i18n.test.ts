import IntlMessageFormat from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { allMessages as localeMessages, testMessages } from '../../testing/messages.ts';
import { createI18n, switchLanguage } from './i18n.ts';
import { bundledLanguages, languageName, languageNameIn } from './locales.ts';

function leafKeys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => leafKeys(child, prefix ? `${prefix}.${key}` : key));
}

function leafValues(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value !== 'object' || value === null) return [];
  return Object.values(value).flatMap(leafValues);
}

describe('plural forms', () => {
  it.each([
    [1, '1 mjesto na karti'],
    [2, '2 mjesta na karti'],
    [4, '4 mjesta na karti'],
    [5, '5 mjesta na karti'],
    [11, '11 mjesta na karti'],
    [21, '21 mjesto na karti'],
    [22, '22 mjesta na karti'],
  ])('Croatian: %i', (count, expected) => {
    const i18n = createI18n('hr', testMessages('hr'));
    expect(i18n.t('places.countInView', { count })).toBe(expected);
  });

  it.each([
    [0, '0 places in view'],
    [1, '1 place in view'],
    [2, '2 places in view'],
    [21, '21 places in view'],
  ])('English: %i', (count, expected) => {
    const i18n = createI18n('en', testMessages('en'));
    expect(i18n.t('places.countInView', { count })).toBe(expected);
  });

  it('formats large counts with the language’s digit grouping', () => {
    expect(createI18n('en', testMessages('en')).t('places.countInView', { count: 12345 })).toBe(
      '12,345 places in view',
    );
    expect(createI18n('hr', testMessages('hr')).t('places.countInView', { count: 12345 })).toBe(
      '12.345 mjesta na karti',
    );
  });
});

describe('compiled messages', () => {
  it('show the key of a message whose value was not given, as a missing message does', () => {
    const i18n = createI18n('en', testMessages('en'));
    expect(i18n.t('places.countInView', {} as { count: number })).toBe('places.countInView');
  });

  it('format again in the other language after a switch', async () => {
    const i18n = createI18n('en', testMessages('en'));
    expect(i18n.t('places.countInView', { count: 3 })).toBe('3 places in view');
    await switchLanguage(i18n, 'hr');
    expect(i18n.t('places.countInView', { count: 3 })).toBe('3 mjesta na karti');
  });
});

describe('locale files', () => {
  const english = localeMessages.en;

  it('include English (the source of the keys) and Croatian; another language is one more file', () => {
    expect(Object.keys(localeMessages)).toEqual(expect.arrayContaining(['en', 'hr']));
  });

  it.each(Object.keys(localeMessages))('%s has exactly the keys of the English file', (code) => {
    expect(leafKeys(localeMessages[code]).sort()).toEqual(leafKeys(english).sort());
  });

  it.each(Object.keys(localeMessages))('%s has only valid, non-empty ICU messages', (code) => {
    for (const message of leafValues(localeMessages[code])) {
      expect(message.trim()).not.toBe('');
      expect(() => new IntlMessageFormat(message, code)).not.toThrow();
    }
  });
});

describe('html lang', () => {
  it('follows the language', async () => {
    const i18n = createI18n('en', testMessages('en'));
    expect(document.documentElement.lang).toBe('en');
    await switchLanguage(i18n, 'hr');
    expect(document.documentElement.lang).toBe('hr');
    expect(i18n.t('places.heading')).toBe('Mjesta u prikazu');
  });
});

describe('languages', () => {
  it('are discovered from the locale files', () => {
    expect(bundledLanguages).toEqual(Object.keys(localeMessages).sort());
  });

  it('are named in their own language', () => {
    expect(languageName('hr')).toBe('Hrvatski');
    expect(languageName('en')).toBe('English');
  });

  it('are named in the reader’s language where a form asks for text in them', () => {
    expect(languageNameIn('hr', 'en')).toBe('Croatian');
    expect(languageNameIn('sl', 'hr')).toBe('slovenski');
  });
});
