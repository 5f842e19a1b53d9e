import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../../../testing/fake-api.ts';
import { listedPlace } from '../../../../testing/fixtures.ts';
import { renderWithApp } from '../../../../testing/render.tsx';
import { compactFieldViews, fieldViews } from './field-views.ts';
import { PlaceFieldList } from './place-field-list.tsx';

/** A category with a field of each kind a reader meets, in the order the place page keeps. */
const FIELDS = [
  {
    key: 'access',
    type: 'enum',
    label: { en: 'Access', hr: 'Pristup' },
    options: [
      { value: 'customers', label: { en: 'Customers only', hr: 'Samo za korisnike' } },
      { value: 'private', label: { en: 'Private', hr: 'Privatno' }, retired: true },
    ],
  },
  { key: 'indoor', type: 'boolean', label: { en: 'Indoor', hr: 'U zatvorenom' } },
  { key: 'level', type: 'integer', label: { en: 'Floor', hr: 'Kat' } },
  { key: 'height', type: 'number', label: { en: 'Mounted at' }, unit: 'cm' },
  { key: 'seasonal', type: 'boolean', label: { en: 'Seasonal', hr: 'Sezonski' } },
  { key: 'checked', type: 'date', label: { en: 'Last checked', hr: 'Zadnja provjera' } },
  { key: 'booking', type: 'url', label: { en: 'Booking' } },
  { key: 'note', type: 'longtext', label: { en: 'Note' } },
];

function serveCategories() {
  return fakeApi({
    'GET /api/v1/categories': {
      status: 200,
      body: {
        items: [
          {
            id: 9,
            slug: 'defibrillator',
            name: { en: 'Defibrillator' },
            color: '#b91c1c',
            icon: 'heart-pulse',
            fields: FIELDS,
          },
        ],
      },
    },
  });
}

const place = (extra: Record<string, unknown>) =>
  listedPlace({ category: 'defibrillator', extra: extra as never });

describe('a place’s category values on its page', () => {
  it('shows yes/no as chips, the rest as labelled lines, each in the category’s order', async () => {
    serveCategories();
    renderWithApp(
      <PlaceFieldList
        place={place({
          seasonal: false,
          level: 1,
          indoor: true,
          access: 'customers',
          height: 1234.5,
          checked: '2026-05-01',
          booking: 'https://example.org/book',
          note: 'Ring twice.\nAsk at the desk.',
        })}
      />,
    );
    const section = await screen.findByTestId('place-fields');
    expect(within(section).getByRole('heading', { name: 'Good to know' })).toBeInTheDocument();
    expect(
      within(section)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Indoor: yes', 'Seasonal: no']);
    const lines = [...section.querySelectorAll('dl > div')].map((row) => [
      row.querySelector('dt')?.textContent,
      row.querySelector('dd')?.textContent,
    ]);
    expect(lines).toEqual([
      ['Access', 'Customers only'],
      ['Floor', '1'],
      ['Mounted at', '1,234.5 cm'],
      ['Last checked', 'May 1, 2026'],
      ['Booking', 'https://example.org/book (opens in a new tab)'],
      ['Note', 'Ring twice.\nAsk at the desk.'],
    ]);
    expect(within(section).getByRole('link', { name: /example\.org/ })).toHaveAttribute(
      'href',
      'https://example.org/book',
    );
  });

  it('reads in Croatian, a retired option marked as no longer offered', async () => {
    serveCategories();
    renderWithApp(<PlaceFieldList place={place({ access: 'private', indoor: false, level: -1 })} />, {
      language: 'hr',
    });
    const section = await screen.findByTestId('place-fields');
    expect(section).toHaveTextContent('Dobro je znati');
    expect(within(section).getByRole('listitem')).toHaveTextContent('U zatvorenom: ne');
    expect(section).toHaveTextContent('PristupPrivatno (više se ne nudi)');
    // Croatian writes a negative number with a real minus sign.
    expect(section).toHaveTextContent('Kat−1');
  });

  it('shows nothing for a place without values, or whose category has no such fields', async () => {
    const calls = serveCategories();
    renderWithApp(<PlaceFieldList place={place({ gone: true })} />);
    await waitFor(() => expect(calls).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('place-fields')).toBeNull();
  });
});

describe('the info window’s chips', () => {
  const words = { yes: 'yes', no: 'no', locale: 'en', retiredOption: (label: string) => `${label} (gone)` };
  const views = (extra: Record<string, unknown>) =>
    fieldViews({ fields: FIELDS as never }, extra as never, 'en', words);

  it('are yes/no and short values only, at most four, the rest counted for the page', () => {
    const { shown, more } = compactFieldViews(
      views({
        access: 'customers',
        indoor: true,
        level: 1,
        height: 80,
        seasonal: false,
        booking: 'https://example.org',
        note: 'Ring twice.',
      }),
    );
    expect(shown.map((view) => view.field.key)).toEqual(['access', 'indoor', 'level', 'height']);
    expect(more).toBe(3);
  });

  it('leave a value too long for a chip to the page', () => {
    const { shown, more } = compactFieldViews(views({ access: 'private', indoor: false }));
    expect(shown.map((view) => view.text)).toEqual(['Private (gone)', 'no']);
    expect(more).toBe(0);
    expect(compactFieldViews(views({ checked: '2026-05-01' })).shown).toHaveLength(1);
  });
});
