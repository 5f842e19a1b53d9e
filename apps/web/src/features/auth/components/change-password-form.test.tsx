import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, fakeApi } from '../../../testing/fake-api.ts';
import { createTestQueryClient, renderWithApp } from '../../../testing/render.tsx';
import { sessionsQueryKey } from '../api/list-sessions.ts';
import { ChangePasswordForm } from './change-password-form.tsx';

const english = { current: 'Current password', next: 'New password', submit: 'Change password' };
const croatian = { current: 'Trenutačna lozinka', next: 'Nova lozinka', submit: 'Promijeni lozinku' };

async function change(labels: typeof english, current: string, next: string) {
  if (current) await userEvent.type(screen.getByLabelText(labels.current), current);
  if (next) await userEvent.type(screen.getByLabelText(labels.next), next);
  await userEvent.click(screen.getByRole('button', { name: labels.submit }));
}

describe('ChangePasswordForm', () => {
  it('tells the browser what each field holds, and for which account', () => {
    const { container } = renderWithApp(<ChangePasswordForm email="ana@example.org" />);
    expect(screen.getByLabelText('Current password')).toHaveAttribute('autocomplete', 'current-password');
    const next = screen.getByLabelText('New password');
    expect(next).toHaveAttribute('autocomplete', 'new-password');
    expect(next).toHaveAccessibleDescription(expect.stringMatching(/^At least 10 characters\./));
    expect(container.querySelector('input[autocomplete="username"]')).toHaveValue('ana@example.org');
  });

  it('changes the password, empties the fields, says the other browsers were signed out', async () => {
    const calls = fakeApi({ 'POST /api/v1/auth/password': { status: 204 } });
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(sessionsQueryKey, { items: [] });
    renderWithApp(<ChangePasswordForm email="ana@example.org" />, { language: 'hr', queryClient });
    await change(croatian, 'old password here', 'lantern-orchard-velvet');

    expect(await screen.findByTestId('password-changed')).toHaveTextContent(
      'Odjavljeni ste u svim ostalim preglednicima',
    );
    expect(calls).toEqual([
      {
        method: 'POST',
        path: '/api/v1/auth/password',
        body: { currentPassword: 'old password here', newPassword: 'lantern-orchard-velvet' },
      },
    ]);
    expect(screen.getByLabelText('Trenutačna lozinka')).toHaveValue('');
    expect(screen.getByLabelText('Nova lozinka')).toHaveValue('');
    // Emptied, not wrong: no problem is shown on the fields it emptied.
    expect(screen.queryByTestId('field-error')).toBeNull();
    // The list of sessions is out of date: the other ones have ended.
    expect(queryClient.getQueryState(sessionsQueryKey)?.isInvalidated).toBe(true);
  });

  it('shows a wrong current password on that field, and focuses it', async () => {
    fakeApi({ 'POST /api/v1/auth/password': { status: 400, body: apiError('wrong_password') } });
    renderWithApp(<ChangePasswordForm email="ana@example.org" />);
    await change(english, 'not it', 'lantern-orchard-velvet');

    const current = screen.getByLabelText('Current password');
    await waitFor(() => expect(current).toHaveFocus());
    expect(current).toHaveAttribute('aria-invalid', 'true');
    expect(current).toHaveAccessibleDescription('This is not your current password.');
    expect(screen.getByRole('alert')).toHaveTextContent('');
    expect(screen.queryByTestId('password-changed')).toBeNull();

    await userEvent.type(current, 'x');
    expect(current).not.toHaveAttribute('aria-invalid');
  });

  it('checks both fields before sending: the new password by the registration rules', async () => {
    const calls = fakeApi({});
    renderWithApp(<ChangePasswordForm email="ana@example.org" />);
    await change(english, '', 'short');
    const current = screen.getByLabelText('Current password');
    await waitFor(() => expect(current).toHaveFocus());
    expect(current).toHaveAccessibleDescription('Enter your password.');
    expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(
      expect.stringContaining('Use at least 10 characters.'),
    );
    expect(calls).toEqual([]);
  });

  it('puts the server’s problem with the new password on its field', async () => {
    fakeApi({
      'POST /api/v1/auth/password': {
        status: 400,
        body: apiError('validation_error', 'bad', [
          { path: 'newPassword', code: 'password_too_common', message: 'Too common' },
        ]),
      },
    });
    renderWithApp(<ChangePasswordForm email="ana@example.org" />);
    await change(english, 'old password here', 'password1234');
    const next = screen.getByLabelText('New password');
    await waitFor(() => expect(next).toHaveFocus());
    expect(next).toHaveAccessibleDescription(expect.stringContaining('This password is too common'));
  });
});
