import { describe, expect, it } from 'vitest';
import { detectLanguage } from './detect-language.ts';

const available = ['en', 'hr'];

describe('detectLanguage', () => {
  it('follows the browser, matching a regional tag to its language', () => {
    expect(detectLanguage({ stored: null, browser: ['hr-HR', 'en-US'], available, fallback: 'en' })).toBe(
      'hr',
    );
  });

  it('takes the first browser language the app has', () => {
    expect(
      detectLanguage({ stored: null, browser: ['de-DE', 'en-GB', 'hr'], available, fallback: 'hr' }),
    ).toBe('en');
  });

  it('prefers the remembered choice over the browser', () => {
    expect(detectLanguage({ stored: 'en', browser: ['hr-HR'], available, fallback: 'hr' })).toBe('en');
  });

  it('ignores a remembered language the app no longer offers', () => {
    expect(detectLanguage({ stored: 'sl', browser: ['hr'], available, fallback: 'en' })).toBe('hr');
  });

  it('falls back when nothing matches', () => {
    expect(detectLanguage({ stored: null, browser: ['de', 'fr'], available, fallback: 'hr' })).toBe('hr');
  });
});
