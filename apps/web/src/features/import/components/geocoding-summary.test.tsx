import type { ImportGeocoding, ImportGeocodingRun } from '@karta/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../../testing/fake-api.ts';
import { renderWithApp } from '../../../testing/render.tsx';
import { GeocodingSummary } from './geocoding-summary.tsx';

const geocoding = (overrides: Partial<ImportGeocoding> = {}): ImportGeocoding => ({
  rows: [
    { row: 1, result: 'exact', label: 'Ilica 1, 10000 Zagreb' },
    { row: 2, result: 'approximate', label: 'Samobor' },
    { row: 3, result: 'not_found', label: null },
    { row: 7, result: 'not_found', label: null },
  ],
  upstreamCalls: 0,
  minimumSeconds: 0,
  runId: null,
  ...overrides,
});

const run = (overrides: Partial<ImportGeocodingRun>): ImportGeocodingRun => ({
  id: 4,
  state: 'running',
  total: 120,
  done: 30,
  notFound: 2,
  startedAt: '2026-11-29T05:00:00Z',
  ...overrides,
});

describe('GeocodingSummary', () => {
  it('counts the rows found exactly, roughly and not at all, and names the rows that will be skipped', () => {
    renderWithApp(<GeocodingSummary geocoding={geocoding()} />, { language: 'en' });
    const summary = screen.getByTestId('import-geocoding');
    expect(within(summary).getByRole('heading')).toHaveTextContent('4 rows placed by their address');
    expect(screen.getByTestId('import-geocoding-exact')).toHaveAttribute('data-count', '1');
    expect(screen.getByTestId('import-geocoding-approximate')).toHaveAttribute('data-count', '1');
    expect(screen.getByTestId('import-geocoding-not_found')).toHaveAttribute('data-count', '2');
    expect(screen.queryByTestId('import-geocoding-to_geocode')).not.toBeInTheDocument();
    expect(screen.getByTestId('import-geocoding-not-found')).toHaveTextContent(
      'Rows 3, 7 were not found: they will be skipped, not placed anywhere.',
    );
  });

  it('says it in Croatian with Croatian plurals', () => {
    renderWithApp(<GeocodingSummary geocoding={geocoding()} />, { language: 'hr' });
    expect(screen.getByRole('heading')).toHaveTextContent('4 retka smještena po adresi');
    expect(screen.getByTestId('import-geocoding-not-found')).toHaveTextContent('Reci 3, 7 nisu pronađeni');
  });

  it('shows the background look-up’s progress, then says to check the file again', async () => {
    let answer = run({});
    const calls = fakeApi({ 'GET /api/v1/import/geocoding/4': () => ({ status: 200, body: answer }) });
    renderWithApp(
      <GeocodingSummary
        geocoding={geocoding({
          rows: [{ row: 1, result: 'to_geocode', label: null }],
          upstreamCalls: 120,
          minimumSeconds: 120,
          runId: 4,
        })}
      />,
      { language: 'en' },
    );
    expect(screen.getByTestId('import-geocoding-to_geocode')).toHaveAttribute('data-count', '1');
    const progress = await screen.findByRole('progressbar');
    expect(progress).toHaveAttribute('value', '30');
    expect(progress).toHaveAttribute('max', '120');
    expect(progress).toHaveAccessibleName('Looking up addresses: 30 of 120. This takes at least 2 minutes.');
    answer = run({ state: 'done', done: 120 });
    await waitFor(
      () =>
        expect(screen.getByTestId('import-geocoding-outcome')).toHaveTextContent(
          'Every address has been looked up. Check the file again',
        ),
      { timeout: 4_000 },
    );
    expect(screen.getByTestId('import-geocoding-outcome')).toHaveAttribute('role', 'status');
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(calls.every((call) => call.path === '/api/v1/import/geocoding/4')).toBe(true);
  });
});
