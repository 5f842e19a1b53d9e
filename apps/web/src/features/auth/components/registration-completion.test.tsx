import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { currentUserQueryKey } from '../../../lib/session/current-user.ts';
import { apiError, fakeApi } from '../../../testing/fake-api.ts';
import { currentUser } from '../../../testing/fixtures.ts';
import { renderWithApp } from '../../../testing/render.tsx';
import { RegistrationCompletion } from './registration-completion.tsx';

const TOKEN = 'A'.repeat(43);

describe('RegistrationCompletion', () => {
  it('makes the account only when the button is pressed, then signs the new user in', async () => {
    const user = currentUser({ displayName: 'Ana' });
    const calls = fakeApi({ 'POST /api/v1/auth/register/confirm': { status: 201, body: user } });
    const { queryClient } = renderWithApp(<RegistrationCompletion token={TOKEN} />);
    // Opening the page (as a mail scanner does) sends nothing.
    expect(calls).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Create my account' }));
    expect(await screen.findByRole('heading', { name: 'Your account is ready' })).toHaveFocus();
    expect(screen.getByTestId('registration-done')).toHaveTextContent('Welcome, Ana.');
    expect(calls).toEqual([
      { method: 'POST', path: '/api/v1/auth/register/confirm', body: { token: TOKEN } },
    ]);
    expect(queryClient.getQueryData(currentUserQueryKey)).toEqual(user);
  });

  it('says a used or expired link does not work, with the ways on, in Croatian too', async () => {
    fakeApi({
      'POST /api/v1/auth/register/confirm': { status: 400, body: apiError('registration_link_invalid') },
    });
    renderWithApp(<RegistrationCompletion token={TOKEN} />, { language: 'hr' });
    await userEvent.click(screen.getByRole('button', { name: 'Otvori moj račun' }));
    const notice = await screen.findByTestId('registration-link-invalid');
    expect(notice).toHaveTextContent('Poveznica za registraciju vrijedi jednom, u roku od 24 sata.');
    expect(screen.getByRole('link', { name: 'Registrirajte se ponovno' })).toHaveAttribute(
      'href',
      '/register',
    );
  });

  it('sends nothing for a link without a token, and says why', () => {
    const calls = fakeApi({});
    renderWithApp(<RegistrationCompletion token={null} />);
    expect(screen.getByTestId('registration-link-invalid')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create my account' })).toBeNull();
    expect(calls).toEqual([]);
  });

  it('keeps the button for another try when the request fails for another reason', async () => {
    fakeApi({ 'POST /api/v1/auth/register/confirm': 'offline' });
    renderWithApp(<RegistrationCompletion token={TOKEN} />);
    await userEvent.click(screen.getByRole('button', { name: 'Create my account' }));
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create my account' })).toBeEnabled();
  });
});
