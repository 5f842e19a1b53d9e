import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../testing/render.tsx';
import { WeekTable } from './week-table.tsx';

const day = (date: string, hours: [string, string][], comment: string | null = null) => ({
  date,
  intervals: hours.map(([from, to]) => ({ from, to, unknown: false, comment: null })),
  comment,
});

describe('WeekTable', () => {
  it('shows each day’s hours, a closed day with its holiday, and marks today', () => {
    renderWithApp(
      <WeekTable
        caption="Opening hours in the coming week"
        week={[
          day('2026-12-24', [['08:00', '16:00']]),
          day('2026-12-25', [], 'Božić'),
          day('2026-12-26', [
            ['09:00', '12:00'],
            ['14:00', '18:00'],
          ]),
        ]}
      />,
    );
    const table = screen.getByRole('table', { name: 'Opening hours in the coming week' });
    const rows = within(table).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'Today, Thu, Dec 2408:00–16:00',
      'Fri, Dec 25Closed · Božić',
      'Sat, Dec 2609:00–12:00, 14:00–18:00',
    ]);
    expect(rows[0]).toHaveAttribute('aria-current', 'date');
    expect(rows[1]).not.toHaveAttribute('aria-current');
  });
});
