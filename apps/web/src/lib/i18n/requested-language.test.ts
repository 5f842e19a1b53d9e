import { afterEach, describe, expect, it } from 'vitest';
import { storeLanguage } from './language-storage.ts';
import { chosenLanguage, isEmbedPath } from './requested-language.ts';

describe('chosenLanguage', () => {
  afterEach(() => window.localStorage.clear());

  it('takes the embed’s language from its link, and ignores a choice stored on the full site', () => {
    storeLanguage('en');
    expect(chosenLanguage({ pathname: '/embed', search: '?lat=45.8&lng=16&lang=hr' })).toBe('hr');
    expect(chosenLanguage({ pathname: '/embed', search: '?lat=45.8&lng=16' })).toBeNull();
    expect(chosenLanguage({ pathname: '/embed', search: '?lang=<script>' })).toBeNull();
  });

  it('keeps the stored choice on every other page, whatever the link says', () => {
    storeLanguage('hr');
    expect(chosenLanguage({ pathname: '/', search: '?lang=en' })).toBe('hr');
    expect(chosenLanguage({ pathname: '/places/1', search: '' })).toBe('hr');
  });

  it('knows the embed path', () => {
    expect(isEmbedPath('/embed')).toBe(true);
    expect(isEmbedPath('/embed/')).toBe(true);
    expect(isEmbedPath('/embedded')).toBe(false);
    expect(isEmbedPath('/')).toBe(false);
  });
});
