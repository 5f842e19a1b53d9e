import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../testing/render.tsx';
import { ExportLinks } from './export-links.tsx';

describe('ExportLinks', () => {
  it('links both downloads to the view and the category filter, in the UI language', () => {
    renderWithApp(
      <ExportLinks
        bounds={{ west: 15.9, south: 45.7, east: 16.1, north: 45.9 }}
        categories={['pharmacy', 'shelter']}
      />,
      { language: 'hr' },
    );
    const csv = new URL(screen.getByTestId('export-csv').getAttribute('href') ?? '', 'http://karta.test');
    expect(csv.pathname).toBe('/api/v1/export.csv');
    expect(csv.searchParams.get('bbox')).toBe('15.9,45.7,16.1,45.9');
    expect(csv.searchParams.get('category')).toBe('pharmacy,shelter');
    expect(screen.getByTestId('export-geojson').getAttribute('href')).toMatch(
      /^\/api\/v1\/export\.geojson\?/,
    );
    expect(screen.getByTestId('export-links')).toHaveTextContent(
      'Preuzmite mjesta u prikazu: CSV (tablica) · GeoJSON (karte)',
    );
  });

  it('brings the view into the −180…180 the API takes, and shows nothing before the map has a view', () => {
    const { unmount } = renderWithApp(
      <ExportLinks bounds={{ west: 375.9, south: 45.7, east: 376.1, north: 45.9 }} categories={[]} />,
    );
    const csv = new URL(screen.getByTestId('export-csv').getAttribute('href') ?? '', 'http://karta.test');
    // 375.9 − 360 is 15.899999999999977 in floating point; the box is rounded outward, never inward.
    const [west = 0, south = 0, east = 0, north = 0] = (csv.searchParams.get('bbox') ?? '')
      .split(',')
      .map(Number);
    expect(west).toBeCloseTo(15.9, 6);
    expect(west).toBeLessThanOrEqual(375.9 - 360);
    expect(east).toBeCloseTo(16.1, 6);
    expect(east).toBeGreaterThanOrEqual(376.1 - 360);
    expect([south, north]).toEqual([45.7, 45.9]);
    expect(csv.searchParams.has('category')).toBe(false);
    unmount();
    renderWithApp(<ExportLinks bounds={null} categories={[]} />);
    expect(screen.queryByTestId('export-links')).toBeNull();
  });

  it('with a search, downloads every place matching it in the chosen categories, not only those in view', () => {
    renderWithApp(
      <ExportLinks
        bounds={{ west: 15.9, south: 45.7, east: 16.1, north: 45.9 }}
        categories={['pharmacy']}
        search="željeznički & co"
      />,
    );
    for (const testId of ['export-csv', 'export-geojson']) {
      const url = new URL(screen.getByTestId(testId).getAttribute('href') ?? '', 'http://karta.test');
      expect(url.searchParams.get('q')).toBe('željeznički & co');
      expect(url.searchParams.get('category')).toBe('pharmacy');
      expect(url.searchParams.has('bbox')).toBe(false);
    }
    expect(screen.getByTestId('export-links')).toHaveTextContent(
      'Download the places found: CSV (spreadsheet)',
    );
  });

  it('offers the search download before the map has a view', () => {
    renderWithApp(<ExportLinks bounds={null} categories={[]} search="cvjetni" />);
    const csv = new URL(screen.getByTestId('export-csv').getAttribute('href') ?? '', 'http://karta.test');
    expect(csv.searchParams.get('q')).toBe('cvjetni');
    expect(csv.searchParams.has('category')).toBe(false);
  });
});
