import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, fakeApi } from '../../../testing/fake-api.ts';
import { testConfig } from '../../../testing/fixtures.ts';
import { renderWithApp } from '../../../testing/render.tsx';
import { ForgotPasswordForm } from './forgot-password-form.tsx';

function renderForm(language = 'en') {
  return renderWithApp(<ForgotPasswordForm />, { language, config: testConfig({ mail: true }) });
}

describe('ForgotPasswordForm', () => {
  it('asks for the link in the reader’s language, then says what happens next', async () => {
    const calls = fakeApi({ 'POST /api/v1/auth/password-reset': { status: 204 } });
    renderForm('hr');
    const email = screen.getByLabelText('E-adresa');
    expect(email).toHaveAttribute('autocomplete', 'email');
    await userEvent.type(email, '  ana@example.org ');
    await userEvent.click(screen.getByRole('button', { name: 'Pošalji poveznicu' }));

    const sent = await screen.findByTestId('reset-requested');
    expect(calls).toEqual([
      {
        method: 'POST',
        path: '/api/v1/auth/password-reset',
        body: { email: 'ana@example.org', language: 'hr' },
      },
    ]);
    // It cannot say whether the account exists: the server answers alike either way.
    expect(sent).toHaveTextContent('Ako neki račun upotrebljava adresu ana@example.org');
    expect(sent).toHaveTextContent('u roku od jednog sata');
    expect(sent).toHaveTextContent('mapu neželjene pošte');
    expect(screen.getByRole('heading', { name: 'Provjerite e-poštu' })).toHaveFocus();
    expect(screen.queryByTestId('forgot-password-form')).toBeNull();
    expect(screen.getByRole('link', { name: 'Natrag na prijavu' })).toHaveAttribute('href', '/sign-in');
  });

  it('checks the address before sending anything', async () => {
    const calls = fakeApi({});
    renderForm();
    await userEvent.click(screen.getByTestId('forgot-password-submit'));
    const email = screen.getByLabelText('E-mail address');
    await waitFor(() => expect(email).toHaveFocus());
    expect(email).toHaveAccessibleDescription('Enter your e-mail address.');

    await userEvent.type(email, 'ana@');
    await userEvent.click(screen.getByTestId('forgot-password-submit'));
    expect(email).toHaveAccessibleDescription('Enter an e-mail address such as ana@example.org.');
    expect(calls).toEqual([]);
  });

  it('says how long to wait when asked too often, and keeps the form', async () => {
    fakeApi({
      'POST /api/v1/auth/password-reset': {
        status: 429,
        body: apiError('rate_limited', 'Too many', { retryAfterSeconds: 30 }),
      },
    });
    renderForm();
    await userEvent.type(screen.getByLabelText('E-mail address'), 'ana@example.org');
    await userEvent.click(screen.getByRole('button', { name: 'Send the link' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Please try again in 30 seconds.'),
    );
    expect(screen.queryByTestId('reset-requested')).toBeNull();
  });

  it('explains a site that sends no e-mail when the server says so', async () => {
    fakeApi({ 'POST /api/v1/auth/password-reset': { status: 404, body: apiError('mail_off') } });
    renderForm();
    await userEvent.type(screen.getByLabelText('E-mail address'), 'ana@example.org');
    await userEvent.click(screen.getByRole('button', { name: 'Send the link' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('This site doesn’t send e-mail'));
  });

  it('goes back to the form, address kept, to send another link', async () => {
    const calls = fakeApi({ 'POST /api/v1/auth/password-reset': { status: 204 } });
    renderForm();
    await userEvent.type(screen.getByLabelText('E-mail address'), 'ana@example.org');
    await userEvent.click(screen.getByRole('button', { name: 'Send the link' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Send another link' }));

    const email = screen.getByLabelText('E-mail address');
    await waitFor(() => expect(email).toHaveFocus());
    expect(email).toHaveValue('ana@example.org');
    await userEvent.click(screen.getByRole('button', { name: 'Send the link' }));
    await screen.findByTestId('reset-requested');
    expect(calls).toHaveLength(2);
  });
});
