import type { PlaceHistoryEntry, PlaceListItem } from '@karta/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type ApiCall, apiError, fakeApi } from '../../../testing/fake-api.ts';
import { currentUser, listedPlace } from '../../../testing/fixtures.ts';
import { renderWithApp } from '../../../testing/render.tsx';
import { ReviewPage } from './review-page.tsx';

const moderator = { status: 200, body: currentUser({ id: 1, role: 'moderator', displayName: 'Mia' }) };
const categories = {
  status: 200,
  body: { items: [{ id: 1, slug: 'pharmacy', name: { en: 'Pharmacy' }, color: '#b91c1c', icon: 'pill' }] },
};

function pending(id: number, name: string): PlaceListItem {
  return listedPlace({
    id,
    name: { en: name },
    status: 'pending',
    publishedAt: null,
    distance: null,
    version: 1,
  });
}

const places = [pending(7, 'Corner shop'), pending(8, 'Bakery'), pending(9, 'Kiosk')];

function list(items: PlaceListItem[], total = items.length) {
  return { status: 200, body: { items, total, totalIsLowerBound: false, nextCursor: null } };
}

const noHistory = { status: 200, body: { items: [] as PlaceHistoryEntry[] } };

function renderQueue(answers: Parameters<typeof fakeApi>[0], path = '/review') {
  const calls = fakeApi({
    'GET /api/v1/auth/me': moderator,
    'GET /api/v1/categories': categories,
    'GET /api/v1/places/holds': { status: 200, body: { items: [] } },
    'PUT /api/v1/places/7/hold': {
      status: 200,
      body: { placeId: 7, holder: { id: 1, displayName: 'Mia' }, until: '2026-03-01T10:30:00.000Z' },
    },
    'PUT /api/v1/places/8/hold': {
      status: 200,
      body: { placeId: 8, holder: { id: 1, displayName: 'Mia' }, until: '2026-03-01T10:30:00.000Z' },
    },
    'DELETE /api/v1/places/7/hold': { status: 204, body: null },
    'DELETE /api/v1/places/8/hold': { status: 204, body: null },
    'GET /api/v1/places/7/history': noHistory,
    'GET /api/v1/places/8/history': noHistory,
    'GET /api/v1/places/9/history': noHistory,
    ...answers,
  });
  renderWithApp(<ReviewPage />, { path });
  return calls;
}

const batches = (calls: ApiCall[]) => calls.filter((call) => call.path === '/api/v1/places/transitions');
const card = (name: string) =>
  screen.getAllByTestId('review-item').find((item) => item.textContent?.includes(name)) as HTMLElement;

describe('the review queue decides many places at once', () => {
  it('publishes the selected places and names the one that was stale', async () => {
    const calls = renderQueue({
      'GET /api/v1/places': list(places),
      'POST /api/v1/places/transitions': {
        status: 200,
        body: {
          items: [
            {
              id: 7,
              ok: true,
              place: {
                ...places[0],
                status: 'published',
                authorId: 9,
                authorVerified: true,
                rejectionReason: null,
              },
            },
            { id: 8, ok: false, error: apiError('conflict').error },
          ],
        },
      },
    });
    const user = userEvent.setup();
    await user.click(
      await within(await screen.findByText('Corner shop').then(() => card('Corner shop'))).findByTestId(
        'review-select',
      ),
    );
    await user.click(within(card('Bakery')).getByTestId('review-select'));
    expect(screen.getByTestId('batch-count')).toHaveTextContent('2 places selected');

    await user.click(screen.getByTestId('batch-publish'));
    await waitFor(() => expect(batches(calls)).toHaveLength(1));
    expect(batches(calls)[0]?.body).toEqual({
      to: 'published',
      items: [
        { id: 7, version: 1 },
        { id: 8, version: 1 },
      ],
    });
    const summary = await screen.findByTestId('batch-summary');
    await waitFor(() => expect(summary).toHaveTextContent('1 place published.'));
    expect(within(summary).getByTestId('batch-failures')).toHaveTextContent('Bakery');
    // The selection was used: the bar is gone.
    expect(screen.queryByTestId('batch-bar')).not.toBeInTheDocument();
  });

  it('rejects the selection with one reason, asked for before anything is sent', async () => {
    const calls = renderQueue({
      'GET /api/v1/places': list(places),
      'POST /api/v1/places/transitions': { status: 200, body: { items: [] } },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('select-page'));
    expect(screen.getByTestId('batch-count')).toHaveTextContent('3 places selected');
    await user.click(screen.getByTestId('batch-reject'));
    await user.click(screen.getByTestId('batch-reject-confirm'));
    expect(screen.getByTestId('batch-reason')).toHaveAttribute('aria-invalid', 'true');
    expect(batches(calls)).toHaveLength(0);
    await user.type(screen.getByTestId('batch-reason'), 'Imported twice');
    await user.click(screen.getByTestId('batch-reject-confirm'));
    await waitFor(() => expect(batches(calls)).toHaveLength(1));
    expect(batches(calls)[0]?.body).toMatchObject({ to: 'rejected', reason: 'Imported twice' });
    expect(batches(calls)[0]?.body).toMatchObject({ items: [{ id: 7 }, { id: 8 }, { id: 9 }] });
  });

  it('selects every match of a search, page by page, in requests of 100', async () => {
    const many = Array.from({ length: 150 }, (_, i) => pending(100 + i, `Kiosk ${i}`));
    const calls = renderQueue(
      {
        'GET /api/v1/places': (call) => {
          const query = new URL(call.path, 'http://karta.test').searchParams;
          if (query.get('limit') === '100') {
            const start = query.get('cursor') ? 100 : 0;
            const items = many.slice(start, start + 100);
            return {
              status: 200,
              body: { items, total: 150, totalIsLowerBound: false, nextCursor: start ? null : 'next' },
            };
          }
          return list(many.slice(0, 20), 150);
        },
        'POST /api/v1/places/transitions': (call) => ({
          status: 200,
          body: {
            items: (call.body as { items: { id: number }[] }).items.map(({ id }) => ({
              id,
              ok: false,
              error: apiError('conflict').error,
            })),
          },
        }),
      },
      '/review?q=kiosk',
    );
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('select-all'));
    await waitFor(() => expect(screen.getByTestId('batch-count')).toHaveTextContent('150 places selected'));
    const listed = calls.filter(
      (call) => call.path.startsWith('/api/v1/places?') && call.path.includes('limit=100'),
    );
    expect(listed.every((call) => call.path.includes('q=kiosk'))).toBe(true);
    await user.click(screen.getByTestId('batch-publish'));
    await waitFor(() => expect(batches(calls)).toHaveLength(2));
    expect(batches(calls).map((call) => (call.body as { items: unknown[] }).items.length)).toEqual([100, 50]);
  });

  it('holds the place the moderator opens, and shows another moderator’s hold with its moves waiting', async () => {
    const calls = renderQueue({
      'GET /api/v1/places': list(places),
      'GET /api/v1/places/holds': {
        status: 200,
        body: {
          items: [{ placeId: 9, holder: { id: 2, displayName: 'Ana' }, until: '2026-03-01T10:30:00.000Z' }],
        },
      },
    });
    const kiosk = await waitFor(() => card('Kiosk'));
    await waitFor(() => expect(within(kiosk).getByTestId('held-by')).toHaveTextContent('Ana is reviewing'));
    expect(within(kiosk).getByTestId('publish')).toHaveAttribute('aria-disabled', 'true');
    // "Select the shown" leaves out the place Ana has.
    expect(screen.getByTestId('select-page')).toHaveTextContent('Select the 2 shown');

    const user = userEvent.setup();
    await user.click(within(card('Corner shop')).getByTestId('review-item-name'));
    await waitFor(() =>
      expect(calls.some((call) => call.method === 'PUT' && call.path === '/api/v1/places/7/hold')).toBe(true),
    );
    await user.click(within(card('Bakery')).getByTestId('review-item-name'));
    await waitFor(() =>
      expect(calls.some((call) => call.method === 'DELETE' && call.path === '/api/v1/places/7/hold')).toBe(
        true,
      ),
    );
    expect(card('Bakery')).toHaveAttribute('data-opened', 'true');
  });

  it('moves with j and k, selects with x and publishes with p', async () => {
    const calls = renderQueue({
      'GET /api/v1/places': list(places),
      'POST /api/v1/places/8/transition': {
        status: 200,
        body: {
          ...places[1],
          status: 'published',
          version: 2,
          authorId: 9,
          authorVerified: true,
          rejectionReason: null,
        },
      },
    });
    await screen.findByText('Corner shop');
    const user = userEvent.setup();
    await user.keyboard('j');
    expect(document.activeElement).toBe(within(card('Corner shop')).getByTestId('review-item-name'));
    await user.keyboard('jkj');
    expect(card('Bakery')).toHaveAttribute('data-opened', 'true');
    await user.keyboard('x');
    expect(screen.getByTestId('batch-count')).toHaveTextContent('1 place selected');
    await user.keyboard('p');
    await waitFor(() =>
      expect(calls.filter((call) => call.path === '/api/v1/places/8/transition')[0]?.body).toMatchObject({
        to: 'published',
      }),
    );
  });

  it('keeps the keys off once the moderator turns them off', async () => {
    renderQueue({ 'GET /api/v1/places': list(places) });
    await screen.findByText('Corner shop');
    const user = userEvent.setup();
    await user.keyboard('?');
    expect(screen.getByTestId('shortcuts-help')).toBeVisible();
    await user.click(screen.getByTestId('shortcuts-enabled'));
    await user.keyboard('j');
    expect(card('Corner shop')).not.toHaveAttribute('data-opened');
    window.localStorage.clear();
  });
});
