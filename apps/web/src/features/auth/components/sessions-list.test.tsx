import type { AccountSession } from '@karta/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { currentUserQueryKey } from '../../../lib/session/current-user.ts';
import { apiError, fakeApi } from '../../../testing/fake-api.ts';
import { currentUser } from '../../../testing/fixtures.ts';
import { createTestQueryClient, renderWithApp } from '../../../testing/render.tsx';
import { SessionsList } from './sessions-list.tsx';

function session(overrides: Partial<AccountSession>): AccountSession {
  return {
    id: 1,
    createdAt: '2026-03-02T12:00:00.000Z',
    lastUsedAt: '2026-03-05T12:00:00.000Z',
    device: 'Firefox on Linux',
    current: false,
    ...overrides,
  };
}

const here = session({ id: 11, device: 'Chrome on Android', current: true });
const phone = session({ id: 12, device: null, createdAt: '2026-01-15T12:00:00.000Z' });
const laptop = session({ id: 13, device: '<b>Safari</b> on macOS' });

function rowOf(id: number) {
  const row = screen
    .getAllByTestId('session-row')
    .find((candidate) => candidate.dataset.sessionId === String(id));
  if (!row) throw new Error(`No row for session ${id}`);
  return row;
}

describe('SessionsList', () => {
  it('shows each browser, as text, with its dates in the reader’s language and this one marked', async () => {
    fakeApi({ 'GET /api/v1/auth/sessions': { status: 200, body: { items: [here, phone, laptop] } } });
    const { container } = renderWithApp(<SessionsList />, { language: 'hr' });
    const rows = await screen.findAllByTestId('session-row');
    expect(screen.getByTestId('sessions-list')).toBeInTheDocument();
    expect(rows.map((row) => row.dataset.sessionId)).toEqual(['11', '12', '13']);

    expect(within(rowOf(11)).getByTestId('session-device')).toHaveTextContent('Chrome on Android');
    expect(within(rowOf(11)).getByTestId('session-current')).toHaveTextContent('Ovaj preglednik');
    expect(within(rowOf(12)).getByTestId('session-device')).toHaveTextContent('Nepoznat preglednik');
    expect(within(rowOf(12)).queryByTestId('session-current')).toBeNull();
    expect(rowOf(12)).toHaveTextContent('Prijava: 15. siječnja 2026.');
    expect(rowOf(12)).toHaveTextContent(/Posljednje korištenje: 5\. ožujka 2026\./);
    expect(within(rowOf(13)).getByTestId('session-device')).toHaveTextContent('<b>Safari</b> on macOS');
    expect(container.querySelector('b')).toBeNull();
    // Each Sign out says which browser, for a list of buttons read out of context.
    expect(within(rowOf(13)).getByRole('button')).toHaveAccessibleName('Odjavi <b>Safari</b> on macOS');
    expect(within(rowOf(11)).getByRole('button')).toHaveAccessibleName('Odjavi Ovaj preglednik');
  });

  it('writes the dates in English for an English reader', async () => {
    fakeApi({ 'GET /api/v1/auth/sessions': { status: 200, body: { items: [phone] } } });
    renderWithApp(<SessionsList />);
    const row = await screen.findByTestId('session-row');
    expect(row).toHaveTextContent('Unknown browser');
    expect(row).toHaveTextContent('Signed in on January 15, 2026');
    expect(row).toHaveTextContent(/Last used March 5, 2026/);
  });

  it('signs another browser out and reloads the list', async () => {
    let items = [here, phone];
    const calls = fakeApi({
      'GET /api/v1/auth/sessions': () => ({ status: 200, body: { items } }),
      'DELETE /api/v1/auth/sessions/12': () => {
        items = [here];
        return { status: 204 };
      },
    });
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(currentUserQueryKey, currentUser());
    renderWithApp(<SessionsList />, { queryClient });
    await screen.findAllByTestId('session-row');
    await userEvent.click(within(rowOf(12)).getByTestId('end-session'));

    await waitFor(() => expect(screen.getAllByTestId('session-row')).toHaveLength(1));
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual([
      '/api/v1/auth/sessions/12',
    ]);
    expect(screen.getByTestId('toast')).toHaveTextContent('That browser has been signed out.');
    expect(screen.getByTestId('sessions-list')).toHaveFocus();
    // Still signed in here.
    expect(queryClient.getQueryData(currentUserQueryKey)).toEqual(currentUser());
  });

  it('signing this browser’s own session out is signing out', async () => {
    const calls = fakeApi({
      'GET /api/v1/auth/sessions': { status: 200, body: { items: [here, phone] } },
      'DELETE /api/v1/auth/sessions/11': { status: 204 },
    });
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(currentUserQueryKey, currentUser());
    renderWithApp(<SessionsList />, { queryClient });
    await screen.findAllByTestId('session-row');
    await userEvent.click(within(rowOf(11)).getByTestId('end-session'));

    await waitFor(() => expect(queryClient.getQueryData(currentUserQueryKey)).toBeNull());
    expect(calls.some((call) => call.method === 'DELETE' && call.path === '/api/v1/auth/sessions/11')).toBe(
      true,
    );
    expect(screen.getByTestId('toast')).toHaveTextContent('You are signed out.');
  });

  it('says why a sign-out failed, and reloads the list', async () => {
    const calls = fakeApi({
      'GET /api/v1/auth/sessions': { status: 200, body: { items: [here, phone] } },
      'DELETE /api/v1/auth/sessions/12': { status: 429, body: apiError('rate_limited') },
    });
    renderWithApp(<SessionsList />);
    await screen.findAllByTestId('session-row');
    await userEvent.click(within(rowOf(12)).getByTestId('end-session'));
    await waitFor(() =>
      expect(screen.getByTestId('toast')).toHaveTextContent('Too many requests. Please wait a moment'),
    );
    await waitFor(() =>
      expect(calls.filter((call) => call.path === '/api/v1/auth/sessions')).toHaveLength(2),
    );
    expect(screen.getAllByTestId('session-row')).toHaveLength(2);
  });

  it('offers to try again when the list cannot be loaded', async () => {
    let offline = true;
    fakeApi({
      'GET /api/v1/auth/sessions': () => (offline ? 'offline' : { status: 200, body: { items: [here] } }),
    });
    renderWithApp(<SessionsList />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Your sessions couldn’t be loaded');
    offline = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('session-row')).toHaveTextContent('This browser');
  });
});
