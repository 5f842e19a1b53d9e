import { describe, expect, it } from 'vitest';
import { reviewFiltersOf, reviewHref, reviewStatusOf } from './review-address.ts';

describe('the review screen’s address', () => {
  it('reads the tab, falling back to the pending queue', () => {
    expect(reviewStatusOf('?status=archived')).toBe('archived');
    expect(reviewStatusOf('?status=rejected')).toBe('pending');
    expect(reviewStatusOf('')).toBe('pending');
  });

  it('reads words and a category, leaving out empty ones', () => {
    expect(reviewFiltersOf('?q=%20pekara%20&cat=bakery')).toEqual({ q: 'pekara', category: ['bakery'] });
    expect(reviewFiltersOf('?q=%20&cat=')).toEqual({});
  });

  it('writes back what it reads', () => {
    const href = reviewHref('published', { q: 'Ilica 5', category: ['bakery'] });
    expect(href).toBe('/review?status=published&q=Ilica+5&cat=bakery');
    const search = href.slice(href.indexOf('?'));
    expect([reviewStatusOf(search), reviewFiltersOf(search)]).toEqual([
      'published',
      { q: 'Ilica 5', category: ['bakery'] },
    ]);
    expect(reviewHref('pending', {})).toBe('/review');
  });
});
