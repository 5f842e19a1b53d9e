import { describe, expect, it } from 'vitest';
import { embedderHost } from './embedder.ts';

describe('the embedder of a frame', () => {
  const own = 'https://karta.example.org';

  it('is the host name of the top page, from ancestorOrigins first, else the referrer', () => {
    expect(embedderHost(['https://www.partner.example'], 'https://other.example/page', own)).toBe(
      'www.partner.example',
    );
    expect(embedderHost([], 'https://partner.example:8443/maps?x=1', own)).toBe('partner.example');
    expect(embedderHost(undefined, 'http://127.0.0.1:5000/', own)).toBe('127.0.0.1');
  });

  it('is none without a referrer, for Karta itself (the builder’s preview), or for what is no web page', () => {
    expect(embedderHost([], '', own)).toBeNull();
    expect(embedderHost(['https://karta.example.org'], '', own)).toBeNull();
    expect(embedderHost([], 'about:blank', own)).toBeNull();
    expect(embedderHost([], 'not a url', own)).toBeNull();
  });
});
