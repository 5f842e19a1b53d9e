import type { Flag } from '@karta/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, fakeApi } from '../../../testing/fake-api.ts';
import { currentUser } from '../../../testing/fixtures.ts';
import { renderWithApp } from '../../../testing/render.tsx';
import { FlagsPage } from './flags-page.tsx';

function flag(overrides: Partial<Flag> = {}): Flag {
  return {
    id: 3,
    placeId: 42,
    photoId: null,
    noteId: null,
    note: null,
    reason: 'wrong_information',
    status: 'open',
    createdAt: '2026-03-01T10:00:00.000Z',
    comment: 'Closed on Sundays, not open.',
    place: { id: 42, name: { hr: 'Ljekarna', en: 'Pharmacy' }, primaryLanguage: 'hr', status: 'published' },
    reporter: null,
    resolution: null,
    resolutionNote: null,
    resolvedBy: null,
    resolvedAt: null,
    ...overrides,
  };
}

const moderator = { status: 200, body: currentUser({ role: 'moderator' }) };

describe('FlagsPage', () => {
  it('lists open reports with the place linked, the reason in words and the comment as text', async () => {
    fakeApi({
      'GET /api/v1/auth/me': moderator,
      'GET /api/v1/flags': { status: 200, body: { items: [flag({ comment: '<b>bold</b>' })] } },
    });
    const { container } = renderWithApp(<FlagsPage />, { path: '/flags', language: 'hr' });
    const item = await screen.findByTestId('flag-item');
    expect(within(item).getByRole('link', { name: 'Ljekarna' })).toHaveAttribute('href', '/places/42');
    expect(within(item).getByTestId('flag-reason')).toHaveTextContent('Netočni podaci');
    expect(item).toHaveTextContent('<b>bold</b>');
    expect(container.querySelector('b')).toBeNull();
    expect(screen.getByTestId('flag-count')).toHaveTextContent('1 otvorena prijava');
  });

  it('shows a reported note’s text with its own reason, and offers to hide it', async () => {
    const calls = fakeApi({
      'GET /api/v1/auth/me': moderator,
      'GET /api/v1/flags': {
        status: 200,
        body: {
          items: [
            flag({
              noteId: 8,
              reason: 'offensive',
              note: { id: 8, text: 'Rude <i>words</i>', state: 'published' },
            }),
          ],
        },
      },
      'POST /api/v1/flags/3/resolve': {
        status: 200,
        body: flag({ status: 'resolved', resolution: 'fixed' }),
      },
    });
    const { container } = renderWithApp(<FlagsPage />, { path: '/flags' });
    const item = await screen.findByTestId('flag-item');
    expect(within(item).getByTestId('flag-reason')).toHaveTextContent('Offensive note');
    expect(within(item).getByTestId('flag-note')).toHaveTextContent('Reported noteRude <i>words</i>');
    expect(container.querySelector('i')).toBeNull();
    const hide = within(item).getByLabelText('Hide the note');
    expect(hide).toBeChecked();
    await userEvent.click(screen.getByTestId('resolve-flag'));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ resolution: 'fixed' }),
    );
  });

  it('resolves a report with what was done and a note', async () => {
    const calls = fakeApi({
      'GET /api/v1/auth/me': moderator,
      'GET /api/v1/flags': { status: 200, body: { items: [flag()] } },
      'POST /api/v1/flags/3/resolve': {
        status: 200,
        body: flag({ status: 'resolved', resolution: 'dismissed' }),
      },
    });
    renderWithApp(<FlagsPage />, { path: '/flags' });
    await userEvent.click(await screen.findByLabelText('Nothing to change'));
    await userEvent.type(screen.getByLabelText('Note (optional)'), 'Checked, it is right.');
    await userEvent.click(screen.getByTestId('resolve-flag'));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
        resolution: 'dismissed',
        note: 'Checked, it is right.',
      }),
    );
  });

  it('says so when another moderator resolved it first', async () => {
    fakeApi({
      'GET /api/v1/auth/me': moderator,
      'GET /api/v1/flags': { status: 200, body: { items: [flag()] } },
      'POST /api/v1/flags/3/resolve': { status: 409, body: apiError('conflict') },
    });
    renderWithApp(<FlagsPage />, { path: '/flags' });
    await userEvent.click(await screen.findByTestId('resolve-flag'));
    // The alert's box is always there; its text comes once the refusal has been read.
    await waitFor(() =>
      expect(screen.getByTestId('flag-error')).toHaveTextContent(
        'Another moderator has already resolved this report.',
      ),
    );
  });
});
