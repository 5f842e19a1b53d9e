import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { currentUserQueryKey } from '../../../lib/session/current-user.ts';
import { apiError, fakeApi } from '../../../testing/fake-api.ts';
import { currentUser, testConfig } from '../../../testing/fixtures.ts';
import { renderWithApp } from '../../../testing/render.tsx';
import { SignInForm } from './sign-in-form.tsx';

function renderForm(language = 'en', { mail = false } = {}) {
  return renderWithApp(<SignInForm registerHref="/register?next=%2Fplaces%2F3" />, {
    language,
    config: testConfig({ mail }),
  });
}

async function fillIn(email: string, password: string) {
  await userEvent.type(screen.getByLabelText('E-mail address'), email);
  await userEvent.type(screen.getByLabelText('Password'), password);
}

describe('SignInForm', () => {
  it('labels its fields and tells the browser what they hold', () => {
    renderForm();
    expect(screen.getByLabelText('E-mail address')).toHaveAttribute('autocomplete', 'email');
    expect(screen.getByLabelText('E-mail address')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Password')).toHaveAttribute('autocomplete', 'current-password');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      '/register?next=%2Fplaces%2F3',
    );
  });

  it('on an empty submit shows each problem on its field and focuses the first', async () => {
    const calls = fakeApi({});
    renderForm();
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    const email = screen.getByLabelText('E-mail address');
    await waitFor(() => expect(email).toHaveFocus());
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Enter your e-mail address.');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Enter your password.');
    expect(calls).toEqual([]);
  });

  it('shows no problem on a field before it is left, then follows the typing', async () => {
    renderForm();
    const email = screen.getByLabelText('E-mail address');
    await userEvent.click(email);
    expect(email).not.toHaveAttribute('aria-invalid');
    await userEvent.tab();
    expect(email).toHaveAccessibleDescription('Enter your e-mail address.');
    await userEvent.type(email, 'a');
    expect(email).not.toHaveAttribute('aria-invalid');
    expect(email).toHaveAccessibleDescription('');
  });

  it('sends the e-mail trimmed and the password as typed, and puts the user in the cache', async () => {
    const user = currentUser();
    const calls = fakeApi({ 'POST /api/v1/auth/login': { status: 200, body: user } });
    const { queryClient } = renderForm();
    await fillIn('  ana@example.org ', ' secret password ');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    await waitFor(() => expect(queryClient.getQueryData(currentUserQueryKey)).toEqual(user));
    expect(calls).toEqual([
      {
        method: 'POST',
        path: '/api/v1/auth/login',
        body: { email: 'ana@example.org', password: ' secret password ' },
      },
    ]);
  });

  it('says, translated, that the e-mail or password is wrong', async () => {
    fakeApi({
      'POST /api/v1/auth/login': { status: 401, body: apiError('invalid_credentials', 'The e-mail…') },
    });
    renderForm('hr');
    await userEvent.type(screen.getByLabelText('E-adresa'), 'ana@example.org');
    await userEvent.type(screen.getByLabelText('Lozinka'), 'wrong password');
    await userEvent.click(screen.getByRole('button', { name: 'Prijavi se' }));

    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('E-adresa ili lozinka nije ispravna.'),
    );
  });

  it('says how long to wait when signing in is rate limited', async () => {
    fakeApi({
      'POST /api/v1/auth/login': {
        status: 429,
        body: apiError('rate_limited', 'Too many', { retryAfterSeconds: 125 }),
      },
    });
    renderForm();
    await fillIn('ana@example.org', 'whatever');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Please try again in 3 minutes.'),
    );
  });

  it('says when the server cannot be reached, and clears the message on the next try', async () => {
    let offline = true;
    fakeApi({
      'POST /api/v1/auth/login': () =>
        offline ? 'offline' : { status: 401, body: apiError('invalid_credentials') },
    });
    renderForm();
    await fillIn('ana@example.org', 'whatever');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Can’t reach the server.'));

    offline = false;
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('is not correct'));
  });

  it('shows and hides the password', async () => {
    renderForm();
    const password = screen.getByLabelText('Password');
    const toggle = screen.getByRole('button', { name: 'Show password' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(toggle);
    expect(password).toHaveAttribute('type', 'text');
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(toggle);
    expect(password).toHaveAttribute('type', 'password');
  });

  it('offers a password reset where the site sends e-mail, and only there', async () => {
    const withMail = renderForm('hr', { mail: true });
    const link = screen.getByRole('link', { name: 'Zaboravili ste lozinku?' });
    expect(link).toHaveAttribute('href', '/forgot-password');
    expect(link).toHaveAttribute('data-testid', 'forgot-password-link');
    await userEvent.click(link);
    expect(withMail.location.history).toEqual(['/', '/forgot-password']);
    withMail.unmount();

    renderForm('en', { mail: false });
    expect(screen.queryByTestId('forgot-password-link')).toBeNull();
    expect(screen.queryByRole('link', { name: /forgot/i })).toBeNull();
  });
});
