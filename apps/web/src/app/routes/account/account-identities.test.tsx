import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, fakeApi } from '../../../testing/fake-api.ts';
import { currentUser, testConfig } from '../../../testing/fixtures.ts';
import { renderWithApp } from '../../../testing/render.tsx';
import { AccountPage } from './account-page.tsx';

const config = testConfig({
  signIn: { password: true, providers: [{ name: 'city', label: 'City account' }] },
});
const identity = (id: number, label: string, email: string) => ({
  id,
  provider: 'city',
  label,
  email,
  linkedAt: '2026-03-02T12:00:00.000Z',
  lastUsedAt: '2026-03-05T12:00:00.000Z',
});
const accountAnswers = {
  'GET /api/v1/auth/me': { status: 200, body: currentUser() },
  'GET /api/v1/auth/sessions': { status: 200, body: { items: [] } },
  'GET /api/v1/tokens': { status: 200, body: { items: [] } },
} as const;

describe('linked accounts on the account page', () => {
  it('lists the identities with their provider, e-mail and date, and unlinks one', async () => {
    let items = [
      identity(4, 'City account', 'ana@city.example'),
      identity(5, 'City account', 'ana@staff.example'),
    ];
    const calls = fakeApi({
      ...accountAnswers,
      'GET /api/v1/account/identities': () => ({ status: 200, body: { items, hasPassword: true } }),
      'DELETE /api/v1/account/identities/4': () => {
        items = items.filter((item) => item.id !== 4);
        return { status: 204 };
      },
    });
    renderWithApp(<AccountPage />, { path: '/account', config });
    const section = await screen.findByRole('region', { name: 'Linked accounts' });
    expect(await screen.findByTestId('change-password-form')).toBeInTheDocument();
    const rows = await within(section).findAllByTestId('identity-row');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('ana@city.example'),
      expect.stringContaining('ana@staff.example'),
    ]);
    expect(rows[0]).toHaveTextContent('Linked March 2, 2026');
    await userEvent.click(within(rows[0] as HTMLElement).getByRole('button', { name: /Unlink/ }));
    expect(await screen.findByTestId('toast')).toHaveTextContent('City account is no longer linked.');
    expect(await within(section).findAllByTestId('identity-row')).toHaveLength(1);
    expect(
      calls.some((call) => call.method === 'DELETE' && call.path === '/api/v1/account/identities/4'),
    ).toBe(true);
  });

  it('offers no password change to an account without one, and says why its last way in cannot be unlinked', async () => {
    fakeApi({
      ...accountAnswers,
      'GET /api/v1/account/identities': {
        status: 200,
        body: { items: [identity(4, 'City account', 'ana@city.example')], hasPassword: false },
      },
      'DELETE /api/v1/account/identities/4': { status: 409, body: apiError('last_sign_in_method') },
    });
    renderWithApp(<AccountPage />, { path: '/account', config, language: 'hr' });
    const section = await screen.findByRole('region', { name: 'Povezani računi' });
    // No password to change: the page says how the account signs in instead.
    expect(await screen.findByTestId('no-password')).toHaveTextContent('Ovaj račun nema lozinku');
    expect(screen.queryByTestId('change-password-form')).toBeNull();
    await userEvent.click(await within(section).findByRole('button', { name: /Odveži/ }));
    expect(await screen.findByTestId('toast')).toHaveTextContent(
      'Ovo je posljednji način prijave u vaš račun.',
    );
    expect(within(section).getAllByTestId('identity-row')).toHaveLength(1);
  });

  it('is not shown on a site without single sign-on', async () => {
    fakeApi(accountAnswers);
    renderWithApp(<AccountPage />, { path: '/account' });
    await screen.findByTestId('change-password-form');
    expect(screen.queryByTestId('identities-section')).toBeNull();
  });
});
