import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../../testing/fake-api.ts';
import { currentUser } from '../../../testing/fixtures.ts';
import { renderWithApp } from '../../../testing/render.tsx';
import { RegisterPage } from './register-page.tsx';
import { SignInPage } from './sign-in-page.tsx';

const signedOut = { status: 200, body: null } as const;

async function signIn() {
  await userEvent.type(screen.getByLabelText('E-mail address'), 'ana@example.org');
  await userEvent.type(screen.getByLabelText('Password'), 'lantern-orchard-velvet');
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('the sign-in page', () => {
  it('goes back to `next` after signing in, replacing itself in the history', async () => {
    fakeApi({
      'GET /api/v1/auth/me': signedOut,
      'POST /api/v1/auth/login': { status: 200, body: currentUser() },
    });
    const { location } = renderWithApp(<SignInPage />, { path: '/sign-in?next=%2Fplaces%2F3%3Fz%3D12' });
    expect(screen.getByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      '/register?next=%2Fplaces%2F3%3Fz%3D12',
    );
    await signIn();
    await waitFor(() => expect(location.history).toEqual(['/places/3?z=12']));
  });

  it('goes home when `next` points to another site', async () => {
    fakeApi({
      'GET /api/v1/auth/me': signedOut,
      'POST /api/v1/auth/login': { status: 200, body: currentUser() },
    });
    const { location } = renderWithApp(<SignInPage />, { path: '/sign-in?next=%2F%2Fevil.example%2F' });
    await signIn();
    await waitFor(() => expect(location.history).toEqual(['/']));
  });

  it('sends someone already signed in straight on', async () => {
    fakeApi({ 'GET /api/v1/auth/me': { status: 200, body: currentUser() } });
    const { location } = renderWithApp(<RegisterPage />, { path: '/register?next=%2Fplaces%2F9' });
    await waitFor(() => expect(location.history).toEqual(['/places/9']));
  });
});
