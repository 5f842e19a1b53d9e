// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { attributionHtml, attributionNodes } from './attribution.ts';

function rendered(text: string): HTMLSpanElement {
  const holder = document.createElement('span');
  holder.append(...attributionNodes(text));
  return holder;
}

describe('attributionNodes', () => {
  it('links OpenStreetMap to its copyright page, with our link', () => {
    const holder = rendered('© OpenStreetMap contributors');
    expect(holder.textContent).toBe('© OpenStreetMap contributors');
    const links = [...holder.querySelectorAll('a')];
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['OpenStreetMap', 'https://www.openstreetmap.org/copyright'],
    ]);
  });

  it('shows markup in the operator’s text as text: no element of theirs reaches the page', () => {
    const text = '<img src=x onerror="alert(1)"> <a href="javascript:alert(2)">Tiles</a> &copy;';
    const holder = rendered(text);
    expect(holder.textContent).toBe(text);
    expect(holder.children).toHaveLength(0);
  });

  it('links every mention but keeps the text around it', () => {
    const holder = rendered('Tiles: OpenStreetMap; data: OpenStreetMap!');
    expect(holder.textContent).toBe('Tiles: OpenStreetMap; data: OpenStreetMap!');
    expect(holder.querySelectorAll('a')).toHaveLength(2);
  });

  it('gives plain text without a known source', () => {
    expect(rendered('© Example tiles').innerHTML).toBe('© Example tiles');
  });
});

describe('attributionHtml', () => {
  it('escapes the text for an engine that takes HTML', () => {
    expect(attributionHtml('<b>OpenStreetMap</b> & co')).toBe(
      '&lt;b&gt;<a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>&lt;/b&gt; &amp; co',
    );
  });
});
