import type { UserSummary } from '@karta/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../../testing/fake-api.ts';
import { currentUser } from '../../../testing/fixtures.ts';
import { renderWithApp } from '../../../testing/render.tsx';
import { UsersPage } from './users-page.tsx';

function user(overrides: Partial<UserSummary>): UserSummary {
  return {
    id: 2,
    email: 'ivo@example.org',
    displayName: 'Ivo',
    role: 'contributor',
    disabled: false,
    createdAt: '2026-01-05T10:00:00.000Z',
    ...overrides,
  };
}

const users = [user({ id: 1, displayName: 'Ada', email: 'ada@example.org', role: 'admin' }), user({})];

function rowOf(name: string) {
  const row = screen.getAllByTestId('user-row').find((candidate) => candidate.textContent?.includes(name));
  if (!row) throw new Error(`No row for ${name}`);
  return row;
}

describe('UsersPage', () => {
  it('asks before disabling someone, and never offers it on one’s own account', async () => {
    const calls = fakeApi({
      'GET /api/v1/auth/me': { status: 200, body: currentUser({ id: 1, role: 'admin' }) },
      'GET /api/v1/users': { status: 200, body: { items: users, total: 2 } },
      'PATCH /api/v1/users/2': { status: 200, body: user({ disabled: true }) },
    });
    renderWithApp(<UsersPage />, { path: '/users' });
    await screen.findAllByTestId('user-row');
    expect(within(rowOf('Ada')).queryByTestId('disable-user')).toBeNull();
    expect(within(rowOf('Ada')).getByLabelText('Role')).toBeDisabled();

    await userEvent.click(within(rowOf('Ivo')).getByTestId('disable-user'));
    expect(calls.some((call) => call.method === 'PATCH')).toBe(false);
    expect(rowOf('Ivo')).toHaveTextContent('Disable Ivo? They are signed out at once');
    await userEvent.click(within(rowOf('Ivo')).getByTestId('confirm-disable-user'));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ disabled: true }),
    );
  });

  it('changes a role and searches by name or e-mail', async () => {
    const calls = fakeApi({
      'GET /api/v1/auth/me': { status: 200, body: currentUser({ id: 1, role: 'admin' }) },
      'GET /api/v1/users': { status: 200, body: { items: users, total: 2 } },
      'PATCH /api/v1/users/2': { status: 200, body: user({ role: 'moderator' }) },
    });
    renderWithApp(<UsersPage />, { path: '/users', language: 'hr' });
    await screen.findAllByTestId('user-row');
    expect(screen.getByTestId('user-count')).toHaveTextContent('2 korisnika');
    await userEvent.selectOptions(within(rowOf('Ivo')).getByLabelText('Uloga'), 'Moderator');
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ role: 'moderator' }),
    );

    await userEvent.type(screen.getByLabelText('Pronađi korisnika'), 'ivo');
    await waitFor(() => expect(calls.some((call) => call.path.includes('q=ivo'))).toBe(true));
  });
});
