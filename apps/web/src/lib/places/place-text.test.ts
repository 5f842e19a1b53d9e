import { describe, expect, it } from 'vitest';
import { placeName, shortText } from './place-text.ts';

describe('placeName', () => {
  const place = { name: { hr: 'Gradska ljekarna', en: 'City pharmacy' }, primaryLanguage: 'hr' };

  it('shows the name in the UI language', () => {
    expect(placeName(place, 'en')).toBe('City pharmacy');
    expect(placeName(place, 'hr')).toBe('Gradska ljekarna');
  });

  it('falls back to the place’s primary language', () => {
    expect(placeName(place, 'de')).toBe('Gradska ljekarna');
  });

  it('falls back to any language when the primary one is missing', () => {
    expect(placeName({ name: { it: 'Farmacia' }, primaryLanguage: 'hr' }, 'en')).toBe('Farmacia');
  });

  it('skips an empty translation', () => {
    expect(placeName({ name: { en: '', hr: 'Sklonište' }, primaryLanguage: 'hr' }, 'en')).toBe('Sklonište');
  });
});

describe('shortText', () => {
  it('keeps a short first paragraph whole', () => {
    expect(shortText('Open every day.\n\nEntrance from the yard.')).toBe('Open every day.');
  });

  it('cuts a long text at a word boundary', () => {
    const text = 'word '.repeat(60);
    const short = shortText(text, 40);
    expect(short.endsWith('…')).toBe(true);
    expect(short.length).toBeLessThanOrEqual(41);
    expect(short).not.toMatch(/wor…$/);
  });
});
