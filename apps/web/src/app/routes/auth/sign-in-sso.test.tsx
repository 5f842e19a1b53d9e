import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../../testing/fake-api.ts';
import { testConfig } from '../../../testing/fixtures.ts';
import { renderWithApp } from '../../../testing/render.tsx';
import { RegisterPage } from './register-page.tsx';
import { SignInPage } from './sign-in-page.tsx';

const signedOut = { status: 200, body: null } as const;
const providers = [
  { name: 'city', label: 'City account' },
  { name: 'google', label: 'Google' },
];

describe('single sign-on on the sign-in page', () => {
  it('offers each provider, coming back to `next`, and the password form below', async () => {
    fakeApi({ 'GET /api/v1/auth/me': signedOut });
    renderWithApp(<SignInPage />, {
      path: '/sign-in?next=%2Fplaces%2F3',
      config: testConfig({ signIn: { password: true, providers } }),
    });
    expect(await screen.findByRole('link', { name: 'Continue with City account' })).toHaveAttribute(
      'href',
      '/api/v1/auth/oidc/city/start?returnTo=%2Fplaces%2F3',
    );
    expect(screen.getByRole('link', { name: 'Continue with Google' })).toHaveAttribute(
      'href',
      '/api/v1/auth/oidc/google/start?returnTo=%2Fplaces%2F3',
    );
    expect(screen.getByTestId('sign-in-form')).toBeInTheDocument();
  });

  it('shows no password form, registration or reset on a site that signs in only by single sign-on', async () => {
    fakeApi({ 'GET /api/v1/auth/me': signedOut });
    const config = testConfig({ mail: true, signIn: { password: false, providers } });
    const { unmount } = renderWithApp(<SignInPage />, { path: '/sign-in', language: 'hr', config });
    expect(await screen.findByRole('link', { name: 'Nastavi s računom City account' })).toHaveAttribute(
      'href',
      '/api/v1/auth/oidc/city/start',
    );
    expect(screen.queryByTestId('sign-in-form')).toBeNull();
    expect(screen.queryByTestId('register-link')).toBeNull();
    expect(screen.queryByTestId('forgot-password-link')).toBeNull();
    unmount();
    renderWithApp(<RegisterPage />, { path: '/register', config });
    expect(await screen.findByText(/Accounts here are made by signing in/)).toBeInTheDocument();
    expect(screen.queryByLabelText('Password')).toBeNull();
  });

  it('explains why a provider’s sign-in came back without signing in, and ignores an unknown reason', async () => {
    fakeApi({ 'GET /api/v1/auth/me': signedOut });
    const config = testConfig({ signIn: { password: true, providers } });
    const { unmount } = renderWithApp(<SignInPage />, { path: '/sign-in?sso=link_needs_password', config });
    expect((await screen.findAllByRole('alert'))[0]).toHaveTextContent(
      'An account here already has this e-mail address. Sign in with its password once',
    );
    unmount();
    renderWithApp(<SignInPage />, { path: '/sign-in?sso=%3Cscript%3E', config });
    await screen.findByTestId('sign-in-form');
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual(['']);
  });
});
