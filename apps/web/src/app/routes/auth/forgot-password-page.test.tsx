import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../../testing/fake-api.ts';
import { currentUser, testConfig } from '../../../testing/fixtures.ts';
import { renderWithApp } from '../../../testing/render.tsx';
import { ForgotPasswordPage } from './forgot-password-page.tsx';

describe('the forgot-password page', () => {
  it('offers the form where the site sends e-mail', () => {
    fakeApi({ 'GET /api/v1/auth/me': { status: 200, body: null } });
    renderWithApp(<ForgotPasswordPage />, { path: '/forgot-password', config: testConfig({ mail: true }) });
    expect(screen.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeInTheDocument();
    expect(screen.getByTestId('forgot-password-form')).toBeInTheDocument();
    expect(screen.queryByTestId('reset-mail-off')).toBeNull();
  });

  it('explains, instead of the form, that a site without e-mail cannot send a link', () => {
    const calls = fakeApi({ 'GET /api/v1/auth/me': { status: 200, body: null } });
    renderWithApp(<ForgotPasswordPage />, {
      path: '/forgot-password',
      language: 'hr',
      config: testConfig({ mail: false }),
    });
    expect(screen.queryByTestId('forgot-password-form')).toBeNull();
    expect(screen.getByTestId('reset-mail-off')).toHaveTextContent('Ova stranica ne šalje e-poštu');
    expect(screen.getByRole('link', { name: 'Natrag na prijavu' })).toHaveAttribute('href', '/sign-in');
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('stays for someone signed in (they may be asking for another account)', async () => {
    fakeApi({ 'GET /api/v1/auth/me': { status: 200, body: currentUser() } });
    const { location } = renderWithApp(<ForgotPasswordPage />, {
      path: '/forgot-password',
      config: testConfig({ mail: true }),
    });
    // Long enough for an answer about who is signed in, had the page asked.
    await new Promise((done) => setTimeout(done, 20));
    expect(screen.getByTestId('forgot-password-form')).toBeInTheDocument();
    expect(location.history).toEqual(['/forgot-password']);
  });
});
