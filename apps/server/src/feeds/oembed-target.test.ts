import { describe, expect, it } from 'vitest';
import { oembedTarget } from './oembed-target.ts';

describe('the page an oEmbed url names', () => {
  it('is of this site by PUBLIC_URL’s origin exactly when it is set', () => {
    const site = { publicOrigin: 'https://karta.example.org', host: 'internal:8080' };
    expect(oembedTarget('https://karta.example.org/places/3', site)?.target).toEqual({
      kind: 'place',
      id: 3,
    });
    expect(oembedTarget('https://KARTA.example.org:443/places/3', site)?.origin).toBe(
      'https://karta.example.org',
    );
    expect(oembedTarget('http://karta.example.org/places/3', site)).toBeNull();
    expect(oembedTarget('http://internal:8080/places/3', site)).toBeNull();
  });

  it('is of this site by the request’s host under either scheme without it', () => {
    const site = { publicOrigin: null, host: 'localhost:80' };
    expect(oembedTarget('http://localhost/', site)?.origin).toBe('http://localhost');
    expect(oembedTarget('https://localhost:80/', site)?.origin).toBe('https://localhost:80');
    expect(oembedTarget('http://localhost:8080/', site)).toBeNull();
    expect(oembedTarget('http://localhost/', { publicOrigin: null, host: undefined })).toBeNull();
  });

  it('keeps a view’s parameters and an embed’s, each once and bounded, and nothing else', () => {
    const site = { publicOrigin: 'https://k.example', host: undefined };
    const home = oembedTarget(
      `https://k.example/?lat=1&lat=2&cat=a&h=700&x=1&f.Bad=1&f.ok.min=3&q=${'w'.repeat(201)}`,
      site,
    );
    expect(home?.target.kind === 'map' && Object.fromEntries(home.target.params)).toEqual({
      lat: '1',
      cat: 'a',
      'f.ok.min': '3',
    });
    const embed = oembedTarget('https://k.example/embed?lat=1&h=700&list=1&place=4', site);
    expect(embed?.target.kind === 'map' && Object.fromEntries(embed.target.params)).toEqual({
      lat: '1',
      h: '700',
      list: '1',
    });
  });
});
