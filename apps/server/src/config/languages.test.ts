import { describe, expect, it } from 'vitest';
import { loadConfig } from './env.ts';

describe('loadConfig: languages (LANGUAGES, DEFAULT_LANGUAGE)', () => {
  it('takes the languages from LANGUAGES, with English as the default language where it is one', () => {
    expect(loadConfig({ LANGUAGES: ' de, EN ,de' }, '/x')).toMatchObject({
      languages: ['de', 'en'],
      defaultLanguage: 'en',
    });
    expect(loadConfig({ LANGUAGES: 'sl,hr' }, '/x')).toMatchObject({
      languages: ['sl', 'hr'],
      defaultLanguage: 'sl',
    });
    expect(loadConfig({ LANGUAGES: 'sl,hr', DEFAULT_LANGUAGE: 'hr' }, '/x').defaultLanguage).toBe('hr');
  });

  it.each([
    [{ LANGUAGES: 'hr,english' }, 'LANGUAGES'],
    [
      {
        LANGUAGES: Array.from({ length: 31 }, (_, i) =>
          String.fromCharCode(97 + Math.floor(i / 26), 97 + (i % 26)),
        ).join(','),
      },
      'LANGUAGES',
    ],
    [{ LANGUAGES: 'hr,en', DEFAULT_LANGUAGE: 'de' }, 'DEFAULT_LANGUAGE'],
  ])('refuses %j', (env, variable) => {
    expect(() => loadConfig(env, '/x')).toThrow(variable);
  });
});
