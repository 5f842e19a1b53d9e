import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../../../testing/fake-api.ts';
import { listedPlace } from '../../../../testing/fixtures.ts';
import { renderWithApp } from '../../../../testing/render.tsx';
import { PlaceFacts } from './place-facts.tsx';

const HOURS = 'Mo-Fr 07:00-20:00; Sa 07:30-14:00; PH off';
const day = (date: string, hours: [string, string][]) => ({
  date,
  intervals: hours.map(([from, to]) => ({ from, to, unknown: false, comment: null })),
  comment: null,
});

describe('PlaceFacts', () => {
  it('gives visitors the week in their language, never the hours as OpenStreetMap writes them', async () => {
    const calls = fakeApi({
      'GET /api/v1/opening-hours': {
        status: 200,
        body: {
          error: null,
          warnings: [],
          week: [day('2026-11-27', [['07:00', '20:00']]), day('2026-11-28', [['07:30', '14:00']])],
        },
      },
    });
    renderWithApp(
      <PlaceFacts place={listedPlace({ openingHours: HOURS })} categoryName="Pharmacy" freshness={null} />,
    );

    const week = await screen.findByRole('table', { name: 'Opening hours in the coming week' });
    expect(
      within(week)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['Today, Fri, Nov 2707:00–20:00', 'Sat, Nov 2807:30–14:00']);
    expect(document.body).not.toHaveTextContent(HOURS);
    expect(document.body).not.toHaveTextContent(/Mo-Fr|PH off/);
    // Open or closed now stands under the page's title, once.
    expect(screen.queryByTestId('open-state')).toBeNull();
    expect(calls[0]?.path).toMatch(/^\/api\/v1\/opening-hours\?/);
  });
});
