import type { NotificationSettings } from '@karta/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type ApiCall, apiError, fakeApi } from '../../../testing/fake-api.ts';
import { currentUser, testConfig } from '../../../testing/fixtures.ts';
import { renderWithApp } from '../../../testing/render.tsx';
import { AccountPage } from './account-page.tsx';

const settings: NotificationSettings = { reviewMail: 'immediate', decisionMail: true, language: 'hr' };
const sessions = { status: 200, body: { items: [] } };

function renderAccount(
  role: 'contributor' | 'moderator' | 'admin',
  {
    mail = true,
    language = 'en',
    put,
  }: { mail?: boolean; language?: string; put?: Parameters<typeof fakeApi>[0][string] } = {},
) {
  const calls = fakeApi({
    'GET /api/v1/auth/me': { status: 200, body: currentUser({ role }) },
    'GET /api/v1/auth/sessions': sessions,
    'GET /api/v1/auth/notifications': { status: 200, body: settings },
    'PUT /api/v1/auth/notifications': put ?? ((call: ApiCall) => ({ status: 200, body: call.body })),
  });
  renderWithApp(<AccountPage />, { path: '/account', language, config: testConfig({ mail }) });
  return calls;
}

const puts = (calls: ApiCall[]) => calls.filter((call) => call.method === 'PUT');

describe('the e-mail notifications of the account page', () => {
  it('lets a contributor choose the language and the decision mail, without review mail', async () => {
    const calls = renderAccount('contributor');
    const section = await screen.findByTestId('notification-settings');
    expect(within(section).getByRole('heading', { name: 'E-mail notifications' })).toBeInTheDocument();
    expect(section).toHaveTextContent('What we send to ana@example.org, and in which language.');
    const language = await screen.findByLabelText('Language of the e-mails');
    expect(language).toHaveValue('hr');
    expect(
      within(language)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['English', 'Hrvatski']);
    const decisions = screen.getByRole('checkbox', {
      name: 'Tell me when my proposals are published or rejected',
    });
    expect(decisions).toBeChecked();
    expect(screen.queryByTestId('review-mail-immediate')).toBeNull();

    await userEvent.selectOptions(language, 'en');
    await userEvent.click(decisions);
    await userEvent.click(screen.getByTestId('save-notification-settings'));

    expect(await screen.findByTestId('notification-settings-saved')).toHaveTextContent(
      'Your e-mail settings are saved.',
    );
    // The review mail goes back as it was: only moderators may change it.
    expect(puts(calls)).toEqual([
      {
        method: 'PUT',
        path: '/api/v1/auth/notifications',
        body: { reviewMail: 'immediate', decisionMail: false, language: 'en' },
      },
    ]);
  });

  it.each(['moderator', 'admin'] as const)(
    'lets the %s choose how to hear of proposals and reports',
    async (role) => {
      const calls = renderAccount(role, { language: 'hr' });
      const group = await screen.findByRole('group', { name: 'Novi prijedlozi i prijave za pregled' });
      expect(within(group).getByRole('radio', { name: 'Odmah, poruka za svaki' })).toBeChecked();
      expect(within(group).getByTestId('review-mail-daily')).toHaveAccessibleName('Dnevni sažetak');
      expect(within(group).getByTestId('review-mail-off')).toHaveAccessibleName('Nikad');
      await userEvent.click(screen.getByTestId('review-mail-daily'));
      await userEvent.click(screen.getByRole('button', { name: 'Spremi postavke e-pošte' }));
      await screen.findByTestId('notification-settings-saved');
      expect(puts(calls).map((call) => call.body)).toEqual([
        { reviewMail: 'daily', decisionMail: true, language: 'hr' },
      ]);
      expect(screen.getByTestId('review-mail-daily')).toBeChecked();
    },
  );

  it('takes back the saved confirmation once something changes again', async () => {
    renderAccount('moderator');
    await userEvent.click(await screen.findByTestId('review-mail-off'));
    await userEvent.click(screen.getByTestId('save-notification-settings'));
    await screen.findByTestId('notification-settings-saved');
    await userEvent.click(screen.getByTestId('review-mail-immediate'));
    expect(screen.queryByTestId('notification-settings-saved')).toBeNull();
  });

  it('says why saving failed, and keeps the choices', async () => {
    renderAccount('contributor', { put: { status: 403, body: apiError('forbidden') } });
    await userEvent.click(await screen.findByTestId('decision-mail'));
    await userEvent.click(screen.getByTestId('save-notification-settings'));
    const section = screen.getByTestId('notification-settings');
    await waitFor(() =>
      expect(within(section).getByRole('alert')).toHaveTextContent('You don’t have permission to do that.'),
    );
    expect(screen.getByTestId('decision-mail')).not.toBeChecked();
    expect(screen.queryByTestId('notification-settings-saved')).toBeNull();
  });

  it('is not offered, nor asked for, where the site sends no e-mail', async () => {
    const calls = renderAccount('moderator', { mail: false });
    expect(await screen.findByTestId('change-password-form')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Change your password, see the browsers where you are signed in, and make API tokens for scripts.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByTestId('notification-settings')).toBeNull();
    await new Promise((done) => setTimeout(done, 20));
    expect(calls.map((call) => call.path)).not.toContain('/api/v1/auth/notifications');
  });
});
