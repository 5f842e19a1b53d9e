import { describe, expect, it } from 'vitest';
import { EMBED_HEIGHT_PX, embedLink, iframeCode } from './embed-code.ts';
import { publicOrigin } from './public-origin.ts';

const view = {
  center: { lat: 45.812345678, lng: 15.97 },
  zoom: 14,
  placeId: 42,
  categories: ['shelter', 'pharmacy'],
};

describe('embed code', () => {
  it('prefers the configured public URL to the page origin, without a trailing slash', () => {
    expect(publicOrigin('https://karta.example.org/', 'http://10.0.0.5:8080')).toBe(
      'https://karta.example.org',
    );
    expect(publicOrigin(null, 'http://127.0.0.1:8080')).toBe('http://127.0.0.1:8080');
    expect(publicOrigin('  ', 'http://127.0.0.1:8080')).toBe('http://127.0.0.1:8080');
  });

  it('links the embed of the same view as the home page', () => {
    expect(embedLink('https://karta.example.org/', view)).toBe(
      'https://karta.example.org/embed?lat=45.81235&lng=15.97&z=14&place=42&cat=pharmacy,shelter',
    );
  });

  it('carries a search into the embed, which shows the same matches', () => {
    const src = embedLink('https://karta.example.org', { ...view, placeId: null, search: 'Trg "bana" & co' });
    expect(src).toBe(
      'https://karta.example.org/embed?lat=45.81235&lng=15.97&z=14&cat=pharmacy,shelter&q=Trg%20%22bana%22%20%26%20co',
    );
    const holder = document.createElement('div');
    holder.innerHTML = iframeCode(src, 'Karta');
    const frameSrc = holder.querySelector('iframe')?.getAttribute('src') ?? '';
    expect(new URL(frameSrc).searchParams.get('q')).toBe('Trg "bana" & co');
  });

  it('writes an iframe 100% wide and 400 px high, with its attributes escaped', () => {
    const code = iframeCode(
      'https://karta.example.org/embed?lat=45.8&lng=16&z=10',
      'Karta: "map" <of> places',
    );
    expect(EMBED_HEIGHT_PX).toBe(400);
    expect(code).toBe(
      '<iframe src="https://karta.example.org/embed?lat=45.8&amp;lng=16&amp;z=10" width="100%" height="400" style="border:0" loading="lazy" title="Karta: &quot;map&quot; &lt;of&gt; places"></iframe>',
    );
    // Parsed as HTML, the attribute gives back the exact link.
    const holder = document.createElement('div');
    holder.innerHTML = code;
    const frame = holder.querySelector('iframe');
    expect(frame?.getAttribute('src')).toBe('https://karta.example.org/embed?lat=45.8&lng=16&z=10');
    expect(frame?.getAttribute('title')).toBe('Karta: "map" <of> places');
  });
});
