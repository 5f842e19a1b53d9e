import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { currentUserQueryKey } from '../../../lib/session/current-user.ts';
import { apiError, fakeApi } from '../../../testing/fake-api.ts';
import { currentUser } from '../../../testing/fixtures.ts';
import { createTestQueryClient, renderWithApp } from '../../../testing/render.tsx';
import { ResetPasswordPage } from './reset-password-page.tsx';

/** A token as the e-mail's link carries it: 32 bytes in base64url, 43 characters. */
const TOKEN = 'Xk3_9aQ-ZpLm2Vt8RwYc5BnH7uJd1KeS4gFhT6oIq0E';
const NEW_PASSWORD = 'lantern-orchard-velvet';

function renderPage(path = `/reset-password?token=${TOKEN}`, language = 'en') {
  return renderWithApp(<ResetPasswordPage />, { path, language });
}

async function choosePassword(
  password = NEW_PASSWORD,
  labels = { field: 'New password', submit: 'Save the new password' },
) {
  await userEvent.type(screen.getByLabelText(labels.field), password);
  await userEvent.click(screen.getByRole('button', { name: labels.submit }));
}

describe('the reset-password page', () => {
  it('takes the token out of the address at once, replacing the history entry', async () => {
    fakeApi({});
    const { location } = renderPage(`/reset-password?token=${TOKEN}&utm=mail`);
    await waitFor(() => expect(location.history).toEqual(['/reset-password']));
    // The form still has the token it read.
    expect(screen.getByTestId('reset-password-form')).toBeInTheDocument();
  });

  it('sends the token with the new password, then offers sign-in', async () => {
    const calls = fakeApi({ 'POST /api/v1/auth/password-reset/confirm': { status: 204 } });
    renderPage(`/reset-password?token=${TOKEN}`, 'hr');
    const field = screen.getByLabelText('Nova lozinka');
    expect(field).toHaveAttribute('autocomplete', 'new-password');
    expect(field).toHaveAccessibleDescription(expect.stringMatching(/^Najmanje 10 znakova\./));
    await choosePassword(` ${NEW_PASSWORD}`, { field: 'Nova lozinka', submit: 'Spremi novu lozinku' });

    const done = await screen.findByTestId('password-reset-done');
    expect(calls).toEqual([
      {
        method: 'POST',
        path: '/api/v1/auth/password-reset/confirm',
        body: { token: TOKEN, password: ` ${NEW_PASSWORD}` },
      },
    ]);
    expect(done).toHaveTextContent('odjavljeni ste u svim preglednicima');
    expect(screen.getByRole('heading', { name: 'Lozinka je promijenjena' })).toHaveFocus();
    expect(screen.getByRole('link', { name: 'Prijavite se' })).toHaveAttribute('href', '/sign-in');
    expect(screen.queryByTestId('reset-password-form')).toBeNull();
  });

  it.each([
    ['no token', '/reset-password'],
    ['an empty token', '/reset-password?token='],
    ['a token cut short when copied', `/reset-password?token=${TOKEN.slice(0, 30)}`],
    ['a token with characters no token has', `/reset-password?token=${TOKEN.slice(0, 42)}%2B`],
  ])('says the link does not work for %s, without asking the server', async (_case, path) => {
    const calls = fakeApi({});
    renderPage(path);
    const invalid = screen.getByTestId('reset-link-invalid');
    expect(invalid).toHaveTextContent('This link doesn’t work');
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(screen.queryByTestId('reset-password-form')).toBeNull();
    await new Promise((done) => setTimeout(done, 20));
    expect(calls).toEqual([]);
  });

  it('says so when the server finds the link used or expired, and offers a new one', async () => {
    fakeApi({
      'POST /api/v1/auth/password-reset/confirm': { status: 400, body: apiError('reset_link_invalid') },
    });
    renderPage();
    await choosePassword();
    const invalid = await screen.findByTestId('reset-link-invalid');
    expect(invalid).toHaveTextContent('works only once, and only within one hour');
    expect(screen.getByRole('heading', { name: 'This link doesn’t work' })).toHaveFocus();
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });

  it('applies the registration rules before sending', async () => {
    const calls = fakeApi({});
    renderPage();
    await choosePassword('short');
    const field = screen.getByLabelText('New password');
    await waitFor(() => expect(field).toHaveFocus());
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(expect.stringContaining('Use at least 10 characters.'));
    expect(calls).toEqual([]);
  });

  it('shows the server’s problem with the password on the field', async () => {
    fakeApi({
      'POST /api/v1/auth/password-reset/confirm': {
        status: 400,
        body: apiError('validation_error', 'bad', [
          { path: 'password', code: 'password_matches_email', message: 'Do not use your e-mail' },
        ]),
      },
    });
    renderPage();
    await choosePassword('ana@example.org');
    const field = screen.getByLabelText('New password');
    await waitFor(() => expect(field).toHaveFocus());
    expect(field).toHaveAccessibleDescription(
      expect.stringContaining('Don’t use your e-mail address as your password.'),
    );
    expect(screen.getByTestId('reset-password-form')).toBeInTheDocument();
  });

  it('signs this browser out too when it was signed in: every session of the account ended', async () => {
    let signedIn = true;
    fakeApi({
      'GET /api/v1/auth/me': () => ({ status: 200, body: signedIn ? currentUser() : null }),
      'POST /api/v1/auth/password-reset/confirm': () => {
        signedIn = false;
        return { status: 204 };
      },
    });
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(currentUserQueryKey, currentUser());
    renderWithApp(<ResetPasswordPage />, { path: `/reset-password?token=${TOKEN}`, queryClient });
    await choosePassword();
    await screen.findByTestId('password-reset-done');
    await waitFor(() => expect(queryClient.getQueryData(currentUserQueryKey)).toBeNull());
  });
});
