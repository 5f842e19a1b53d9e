import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TOAST_DURATION_MS } from '../../../components/toast/toast-provider.tsx';
import { createI18n } from '../../../lib/i18n/i18n.ts';
import { setClipboard } from '../../../testing/clipboard.ts';
import { fakeApi } from '../../../testing/fake-api.ts';
import { listedPlace } from '../../../testing/fixtures.ts';
import { firstViewTestMessages } from '../../../testing/messages.ts';
import { renderWithApp } from '../../../testing/render.tsx';
import { PlaceInfoCard } from './place-info-card.tsx';

const category = { name: 'Pharmacy', color: '#dc2626' };
const link = 'https://karta.example.org/?lat=45.81235&lng=15.97789&z=16&place=42';

function useFakeClipboard() {
  const writeText = vi.fn().mockResolvedValue(undefined);
  setClipboard({ writeText });
  return writeText;
}

describe('PlaceInfoCard', () => {
  afterEach(() => {
    setClipboard(undefined);
    vi.useRealTimers();
  });

  it('shows the name, category, address, a short description and the coordinates, as text', () => {
    const place = listedPlace({ description: { en: '<b>Open</b> all day.' } });
    renderWithApp(<PlaceInfoCard place={place} category={category} shareLink={link} />);
    const card = screen.getByTestId('info-window');
    expect(card).toHaveTextContent('City Pharmacy Centre');
    expect(card).toHaveTextContent('Pharmacy');
    expect(card).toHaveTextContent('Ilica 1, Zagreb');
    expect(card).toHaveTextContent('<b>Open</b> all day.');
    expect(card.querySelector('b')).toBeNull();
    expect(card).toHaveTextContent('45.812345, 15.977891');
    expect(screen.getByRole('link', { name: /Details/ })).toHaveAttribute('href', '/places/42');
  });

  it.each([
    ['copy-coordinates', '45.812345, 15.977891'],
    ['copy-address', 'Ilica 1, Zagreb'],
    ['copy-link', link],
  ])('%s copies the right text and says "Copied" in a status toast', async (testId, expected) => {
    const writeText = useFakeClipboard();
    renderWithApp(<PlaceInfoCard place={listedPlace()} category={category} shareLink={link} />);
    await userEvent.click(screen.getByTestId(testId));
    expect(writeText).toHaveBeenCalledWith(expected);
    const toast = screen.getByTestId('toast');
    expect(toast).toHaveAttribute('role', 'status');
    expect(toast).toHaveAttribute('aria-live', 'polite');
    expect(toast).toHaveTextContent('Copied');
  });

  it('hides the toast after a moment', async () => {
    useFakeClipboard();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderWithApp(<PlaceInfoCard place={listedPlace()} category={category} shareLink={link} />);
    await userEvent.click(screen.getByTestId('copy-coordinates'));
    expect(screen.getByTestId('toast')).toHaveTextContent('Copied');
    act(() => {
      vi.advanceTimersByTime(TOAST_DURATION_MS + 10);
    });
    expect(screen.getByTestId('toast')).toBeEmptyDOMElement();
  });

  it('has no Copy address button for a place without an address', () => {
    renderWithApp(
      <PlaceInfoCard place={listedPlace({ address: null })} category={category} shareLink={link} />,
    );
    expect(screen.queryByTestId('copy-address')).toBeNull();
  });

  it('speaks Croatian in Croatian', () => {
    renderWithApp(<PlaceInfoCard place={listedPlace()} category={category} shareLink={link} />, {
      language: 'hr',
    });
    expect(screen.getByTestId('info-window')).toHaveTextContent('Gradska ljekarna Centar');
    expect(screen.getByTestId('copy-coordinates')).toHaveTextContent('Kopiraj koordinate');
  });

  it.each([
    [
      'en',
      'all',
      ['On duty today: yes', 'Drive-through: no', 'Counters: 3', 'Parking: yes'],
      '+2 more on the place’s page',
    ],
    // On the home page, before the rest of the messages have come.
    [
      'hr',
      'first view',
      ['On duty today: da', 'Drive-through: ne', 'Counters: 3', 'Parking: da'],
      'još 2 na stranici mjesta',
    ],
  ])(
    'shows the category’s values as a few chips, and counts the rest for the place page (%s, %s messages)',
    async (language, messages, chips, more) => {
      serveFields();
      const place = listedPlace({
        extra: {
          on_duty: true,
          drive_through: false,
          counters: 3,
          note: 'Ring twice',
          parking: true,
          lift: true,
        },
      });
      renderWithApp(<PlaceInfoCard place={place} category={category} shareLink={link} />, {
        language,
        ...(messages === 'first view' ? { i18n: createI18n(language, firstViewTestMessages(language)) } : {}),
      });
      const shown = await screen.findAllByTestId('field-chip');
      expect(shown.map((chip) => chip.textContent)).toEqual(chips);
      expect(screen.getByTestId('info-fields-more')).toHaveTextContent(more);
    },
  );
});

function serveFields() {
  fakeApi({
    'GET /api/v1/categories': {
      status: 200,
      body: {
        items: [
          {
            id: 1,
            slug: 'pharmacy',
            name: { en: 'Pharmacy' },
            color: '#dc2626',
            icon: 'pill',
            fields: [
              { key: 'on_duty', type: 'boolean', label: { en: 'On duty today' } },
              { key: 'drive_through', type: 'boolean', label: { en: 'Drive-through' } },
              { key: 'counters', type: 'integer', label: { en: 'Counters' } },
              { key: 'note', type: 'text', label: { en: 'Note' } },
              { key: 'parking', type: 'boolean', label: { en: 'Parking' } },
              { key: 'lift', type: 'boolean', label: { en: 'Lift' } },
            ],
          },
        ],
      },
    },
  });
}
