import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { currentUserQueryKey } from '../../../lib/session/current-user.ts';
import { apiError, fakeApi } from '../../../testing/fake-api.ts';
import { currentUser } from '../../../testing/fixtures.ts';
import { renderWithApp } from '../../../testing/render.tsx';
import { RegisterForm } from './register-form.tsx';

function renderForm(language = 'en') {
  return renderWithApp(<RegisterForm signInHref="/sign-in?next=%2Fplaces%2F3" />, { language });
}

async function fillIn(labels: { name: string; email: string; password: string }, values: typeof good) {
  await userEvent.type(screen.getByLabelText(labels.name), values.displayName);
  await userEvent.type(screen.getByLabelText(labels.email), values.email);
  await userEvent.type(screen.getByLabelText(labels.password), values.password);
}

const english = { name: 'Name', email: 'E-mail address', password: 'Password' };
const croatian = { name: 'Ime', email: 'E-adresa', password: 'Lozinka' };
const good = { displayName: 'Ana', email: 'ana@example.org', password: 'lantern-orchard-velvet' };

describe('RegisterForm', () => {
  it('labels its fields, tells the browser what they hold and states the password rule', () => {
    renderForm();
    expect(screen.getByLabelText('Name')).toHaveAttribute('autocomplete', 'name');
    expect(screen.getByLabelText('E-mail address')).toHaveAttribute('autocomplete', 'email');
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAttribute('autocomplete', 'new-password');
    expect(password).toHaveAccessibleDescription(expect.stringMatching(/^At least 10 characters\./));
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      '/sign-in?next=%2Fplaces%2F3',
    );
  });

  it('checks the password as it is typed once the field was left, in the reader’s language', async () => {
    renderForm('hr');
    const password = screen.getByLabelText('Lozinka');
    await userEvent.type(password, 'kratka');
    expect(password).not.toHaveAttribute('aria-invalid');
    await userEvent.tab();
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(password).toHaveAccessibleDescription(
      expect.stringContaining('Upotrijebite najmanje 10 znakova.'),
    );
    await userEvent.type(password, '-i-duza');
    expect(password).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByTestId('field-error')).toBeNull();
  });

  it('on submit focuses the first field with a problem', async () => {
    const calls = fakeApi({});
    renderForm();
    await userEvent.type(screen.getByLabelText('Name'), 'Ana');
    await userEvent.type(screen.getByLabelText('E-mail address'), 'ana@');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(screen.getByLabelText('E-mail address')).toHaveFocus());
    expect(screen.getByLabelText('E-mail address')).toHaveAccessibleDescription(
      'Enter an e-mail address such as ana@example.org.',
    );
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
      expect.stringContaining('Choose a password.'),
    );
    expect(calls).toEqual([]);
  });

  it('puts the server’s problem on its field, translated, until that field is edited', async () => {
    fakeApi({
      'POST /api/v1/auth/register': {
        status: 400,
        body: apiError('validation_error', 'bad', [
          { path: 'password', code: 'password_too_common', message: 'This password is too common' },
        ]),
      },
    });
    renderForm('hr');
    await fillIn(croatian, good);
    await userEvent.click(screen.getByRole('button', { name: 'Otvori račun' }));

    const password = screen.getByLabelText('Lozinka');
    await waitFor(() => expect(password).toHaveFocus());
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(password).toHaveAccessibleDescription(expect.stringContaining('Ta je lozinka prečesta'));
    expect(screen.getByRole('alert')).toHaveTextContent('');

    await userEvent.type(password, 'x');
    expect(password).not.toHaveAttribute('aria-invalid');
  });

  it('explains a refused registration and offers sign-in', async () => {
    fakeApi({ 'POST /api/v1/auth/register': { status: 400, body: apiError('registration_refused') } });
    renderForm();
    await fillIn(english, good);
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));

    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('An account can’t be created with these details.'),
    );
    expect(screen.getByRole('link', { name: 'Go to sign in' })).toHaveAttribute(
      'href',
      '/sign-in?next=%2Fplaces%2F3',
    );
  });

  it('registers and puts the new user in the cache', async () => {
    const user = currentUser({ displayName: 'Ana' });
    const calls = fakeApi({ 'POST /api/v1/auth/register': { status: 201, body: user } });
    const { queryClient } = renderForm();
    await fillIn(english, good);
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));

    await waitFor(() => expect(queryClient.getQueryData(currentUserQueryKey)).toEqual(user));
    expect(calls).toEqual([
      { method: 'POST', path: '/api/v1/auth/register', body: { ...good, language: 'en' } },
    ]);
  });

  it('sends the interface’s language, the one the account’s e-mail is written in', async () => {
    const calls = fakeApi({ 'POST /api/v1/auth/register': { status: 201, body: currentUser() } });
    renderForm('hr');
    await fillIn(croatian, good);
    await userEvent.click(screen.getByRole('button', { name: 'Otvori račun' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.body).toEqual({ ...good, language: 'hr' });
  });
  it('with mail on, gives way to “check your e-mail”, signs nobody in and keeps no password in the page', async () => {
    fakeApi({ 'POST /api/v1/auth/register': { status: 202, body: { pending: true } } });
    const { queryClient } = renderForm();
    await fillIn(english, good);
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));

    const notice = await screen.findByTestId('registration-sent');
    expect(screen.getByRole('heading', { name: 'Check your e-mail' })).toHaveFocus();
    expect(notice).toHaveTextContent(
      'We sent a message to ana@example.org. Follow its link within 24 hours to finish creating your account.',
    );
    expect(notice).toHaveTextContent(
      'If this address already has an account, the message says how to sign in instead.',
    );
    expect(screen.queryByTestId('register-form')).toBeNull();
    expect(document.body.innerHTML).not.toContain(good.password);
    expect(queryClient.getQueryData(currentUserQueryKey)).toBeUndefined();
    expect(screen.getByRole('link', { name: 'Go to sign in' })).toHaveAttribute(
      'href',
      '/sign-in?next=%2Fplaces%2F3',
    );
  });
});
