import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../../testing/fake-api.ts';
import { currentUser } from '../../../testing/fixtures.ts';
import { renderWithApp } from '../../../testing/render.tsx';
import { AccountPage } from './account-page.tsx';

describe('the account page', () => {
  it('asks a visitor to sign in and come back here, loading nothing of an account', async () => {
    const calls = fakeApi({ 'GET /api/v1/auth/me': { status: 200, body: null } });
    renderWithApp(<AccountPage />, { path: '/account' });
    expect(await screen.findByTestId('sign-in-prompt')).toHaveTextContent('Sign in to manage your account');
    expect(screen.getByTestId('sign-in-to-continue')).toHaveAttribute('href', '/sign-in?next=%2Faccount');
    expect(screen.queryByTestId('change-password-form')).toBeNull();
    expect(screen.queryByTestId('sessions-list')).toBeNull();
    expect(calls.map((call) => call.path)).toEqual(['/api/v1/auth/me']);
  });

  it('shows a signed-in user the password form, their sessions and API tokens, in their language', async () => {
    fakeApi({
      'GET /api/v1/auth/me': { status: 200, body: currentUser() },
      'GET /api/v1/auth/sessions': {
        status: 200,
        body: {
          items: [
            {
              id: 3,
              createdAt: '2026-03-02T12:00:00.000Z',
              lastUsedAt: '2026-03-05T12:00:00.000Z',
              device: 'Firefox on Linux',
              current: true,
            },
          ],
        },
      },
      'GET /api/v1/tokens': { status: 200, body: { items: [] } },
    });
    renderWithApp(<AccountPage />, { path: '/account', language: 'hr' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Račun i sigurnost' })).toBeInTheDocument();
    expect(await screen.findByTestId('change-password-form')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Promjena lozinke' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Vaše sesije' })).toBeInTheDocument();
    expect(await screen.findByTestId('session-row')).toHaveTextContent('Firefox on Linux');
    const tokens = screen.getByRole('region', { name: 'API tokeni' });
    expect(await within(tokens).findByTestId('api-tokens-empty')).toHaveTextContent('Nemate API tokena.');
    expect(within(tokens).getByRole('button', { name: 'Napravi token' })).toBeInTheDocument();
  });
});
