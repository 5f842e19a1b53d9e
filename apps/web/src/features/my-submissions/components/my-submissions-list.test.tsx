import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../../testing/fake-api.ts';
import { listedPlace } from '../../../testing/fixtures.ts';
import { renderWithApp } from '../../../testing/render.tsx';
import { MySubmissionsList } from './my-submissions-list.tsx';

const mine = (id: number, status: 'pending' | 'published' | 'rejected' | 'archived', extra = {}) =>
  listedPlace({
    id,
    status,
    name: { en: `Place ${id}` },
    distance: null,
    authorId: 7,
    authorVerified: true,
    rejectionReason: null,
    ...extra,
  });

describe('MySubmissionsList', () => {
  it('shows each place with its status, the reason for a rejection, and what can be done', async () => {
    const reason = 'Duplicate of <b>Ljekarna</b>\nSee the one on Ilica.';
    const calls = fakeApi({
      'GET /api/v1/places': {
        status: 200,
        body: {
          items: [
            mine(1, 'pending'),
            mine(2, 'rejected', { rejectionReason: reason }),
            mine(3, 'published'),
            mine(4, 'archived'),
          ],
          total: 4,
          totalIsLowerBound: false,
          nextCursor: null,
        },
      },
    });
    renderWithApp(<MySubmissionsList categoryNameOf={() => 'Pharmacy'} />);
    const items = await screen.findAllByTestId('my-submission');
    expect(items.map((item) => [item.dataset.placeId, item.dataset.status])).toEqual([
      ['1', 'pending'],
      ['2', 'rejected'],
      ['3', 'published'],
      ['4', 'archived'],
    ]);
    // The query's order is the client's business; what it asks for is this.
    const asked = new URL(calls[0]?.path ?? '', 'http://karta.test');
    expect(asked.pathname).toBe('/api/v1/places');
    expect(Object.fromEntries(asked.searchParams)).toEqual({ limit: '20', mine: 'true', order: 'newest' });
    expect(screen.getByText('4 places')).toBeInTheDocument();
    const [pending, rejected, published, archived] = items as [
      HTMLElement,
      HTMLElement,
      HTMLElement,
      HTMLElement,
    ];
    expect(within(pending).getByTestId('status-badge')).toHaveTextContent('Waiting for review');
    expect(within(pending).getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/places/1/edit');
    expect(within(pending).queryByTestId('resubmit')).toBeNull();
    // The reason is text, never markup.
    expect(within(rejected).getByTestId('rejection-reason').textContent).toBe(reason);
    expect(within(rejected).getByRole('button', { name: 'Resubmit for review' })).toBeInTheDocument();
    expect(within(published).getByRole('link', { name: 'View on the map' })).toHaveAttribute(
      'href',
      '/places/3',
    );
    expect(within(published).queryByRole('link', { name: 'Edit' })).toBeNull();
    expect(within(archived).queryByRole('link')).toBeNull();
  });

  it('resubmits a rejected place with its version and confirms it', async () => {
    let resubmitted = false;
    const calls = fakeApi({
      'GET /api/v1/places': () => ({
        status: 200,
        body: {
          items: [
            mine(2, resubmitted ? 'pending' : 'rejected', { version: 5, rejectionReason: 'Too vague' }),
          ],
          total: 1,
          totalIsLowerBound: false,
          nextCursor: null,
        },
      }),
      'POST /api/v1/places/2/transition': () => {
        resubmitted = true;
        return { status: 200, body: { ...mine(2, 'pending', { version: 6 }) } };
      },
    });
    renderWithApp(<MySubmissionsList />);
    await userEvent.click(await screen.findByTestId('resubmit'));
    expect(await screen.findByTestId('resubmit-done')).toHaveTextContent('Sent for review again.');
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ to: 'pending', version: 5 });
    await waitFor(() =>
      expect(screen.getByTestId('my-submission')).toHaveAttribute('data-status', 'pending'),
    );
  });

  it('invites a user without places to propose one, in Croatian too', async () => {
    fakeApi({
      'GET /api/v1/places': {
        status: 200,
        body: { items: [], total: 0, totalIsLowerBound: false, nextCursor: null },
      },
    });
    renderWithApp(<MySubmissionsList />, { language: 'hr' });
    expect(await screen.findByText('Još niste predložili nijedno mjesto')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Predložite mjesto' })).toHaveAttribute('href', '/propose');
  });

  it('counts in Croatian plurals', async () => {
    fakeApi({
      'GET /api/v1/places': {
        status: 200,
        body: {
          items: [mine(1, 'pending'), mine(2, 'pending')],
          total: 22,
          totalIsLowerBound: false,
          nextCursor: null,
        },
      },
    });
    renderWithApp(<MySubmissionsList />, { language: 'hr' });
    expect(await screen.findByText('22 mjesta')).toBeInTheDocument();
  });

  it.each([
    ['en', '1,000+ places'],
    ['hr', '1.000+ mjesta'],
  ] as const)('shows a count past the server’s bound as at least that many (%s)', async (language, text) => {
    fakeApi({
      'GET /api/v1/places': {
        status: 200,
        body: { items: [mine(1, 'pending')], total: 1000, totalIsLowerBound: true, nextCursor: null },
      },
    });
    renderWithApp(<MySubmissionsList />, { language });
    expect(await screen.findByTestId('submission-count')).toHaveTextContent(text);
  });
});
