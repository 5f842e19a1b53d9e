import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../testing/render.tsx';
import { FeedLink, placesFeedUrl } from './feed-link.tsx';

const hrefOf = (testId: string) =>
  new URL(screen.getByTestId(testId).getAttribute('href') ?? '', 'http://karta.test');

describe('FeedLink', () => {
  it('links the Atom feed of the view and the chosen categories, in the UI language', () => {
    renderWithApp(
      <FeedLink
        bounds={{ west: 15.9, south: 45.7, east: 16.1, north: 45.9 }}
        categories={['pharmacy', 'shelter']}
      />,
      { language: 'hr' },
    );
    const link = screen.getByTestId('feed-link');
    const url = hrefOf('feed-link');
    expect(url.pathname).toBe('/api/v1/feeds/places.atom');
    expect(url.searchParams.get('bbox')).toBe('15.9,45.7,16.1,45.9');
    expect(url.searchParams.get('category')).toBe('pharmacy,shelter');
    expect(link).toHaveAttribute('type', 'application/atom+xml');
    expect(link).toHaveAccessibleName('Pratite u čitaču feedova');
  });

  it('brings the view into the −180…180 the API takes, leaves out no categories, and waits for a view', () => {
    const { unmount } = renderWithApp(
      <FeedLink bounds={{ west: 375.9, south: 45.7, east: 376.1, north: 45.9 }} categories={[]} />,
    );
    const url = hrefOf('feed-link');
    const [west = 0, , east = 0] = (url.searchParams.get('bbox') ?? '').split(',').map(Number);
    expect(west).toBeCloseTo(15.9, 6);
    expect(east).toBeCloseTo(16.1, 6);
    expect(url.searchParams.has('category')).toBe(false);
    expect(screen.getByTestId('feed-link')).toHaveAccessibleName('Follow with a feed reader');
    unmount();
    renderWithApp(<FeedLink bounds={null} categories={['pharmacy']} />);
    expect(screen.queryByTestId('feed-link')).toBeNull();
  });

  it('is the site-wide feed without filters', () => {
    expect(placesFeedUrl()).toBe('/api/v1/feeds/places.atom');
    expect(placesFeedUrl({ categories: ['library'] })).toBe('/api/v1/feeds/places.atom?category=library');
  });
});
