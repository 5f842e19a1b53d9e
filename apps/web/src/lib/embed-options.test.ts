import { describe, expect, it } from 'vitest';
import { embedLink, iframeCode } from './embed-code.ts';
import { DEFAULT_EMBED_OPTIONS, parseEmbedOptions, serializeEmbedOptions } from './embed-options.ts';

const languages = ['en', 'hr'];

describe('an embed’s options in its URL', () => {
  it('are the plain embed when absent, and the plain embed writes none', () => {
    expect(parseEmbedOptions('?lat=45.8&lng=16&z=10', languages)).toEqual(DEFAULT_EMBED_OPTIONS);
    expect(serializeEmbedOptions(DEFAULT_EMBED_OPTIONS)).toEqual([]);
  });

  it('read back what they write', () => {
    const options = {
      height: 650,
      list: true,
      fullscreen: true,
      propose: true,
      fixedArea: true,
      language: 'hr',
    };
    const written = serializeEmbedOptions(options).join('&');
    expect(written).toBe('lang=hr&h=650&list=1&fs=1&propose=1&fixed=1');
    expect(parseEmbedOptions(written, languages)).toEqual(options);
  });

  it('fall back to their defaults on anything else: heights out of 300–800, other languages, other values', () => {
    for (const h of ['299', '801', '1000', '40', 'abc', '4e2', '-400'])
      expect(parseEmbedOptions(`h=${h}`, languages).height).toBe(400);
    expect(parseEmbedOptions('h=300', languages).height).toBe(300);
    expect(parseEmbedOptions('h=800', languages).height).toBe(800);
    expect(parseEmbedOptions('lang=de', languages).language).toBeNull();
    expect(parseEmbedOptions('lang=<b>', languages).language).toBeNull();
    expect(parseEmbedOptions('list=true&fs=yes&propose=0&fixed=', languages)).toEqual(DEFAULT_EMBED_OPTIONS);
  });

  it('go into the embed’s link and its code', () => {
    const view = { center: { lat: 45.8, lng: 16 }, zoom: 10, placeId: null, categories: ['shelter'] };
    const src = embedLink('https://karta.example.org', view, {
      ...DEFAULT_EMBED_OPTIONS,
      height: 600,
      fullscreen: true,
    });
    expect(src).toBe('https://karta.example.org/embed?lat=45.8&lng=16&z=10&cat=shelter&h=600&fs=1');
    expect(iframeCode(src, 'Karta', { height: 600, fullscreen: true })).toBe(
      '<iframe src="https://karta.example.org/embed?lat=45.8&amp;lng=16&amp;z=10&amp;cat=shelter&amp;h=600&amp;fs=1" width="100%" height="600" style="border:0" loading="lazy" allowfullscreen title="Karta"></iframe>',
    );
  });
});
