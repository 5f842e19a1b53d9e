import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, fakeApi } from '../../../testing/fake-api.ts';
import { currentUser, testConfig } from '../../../testing/fixtures.ts';
import { renderWithApp } from '../../../testing/render.tsx';
import { VerifyEmailBanner } from './verify-email-banner.tsx';

const mailOn = testConfig({ mail: true });
const unproven = currentUser({ emailVerified: false, email: 'ana@example.org' });

function renderBanner(user: ReturnType<typeof currentUser> | null, { mail = true, language = 'en' } = {}) {
  const calls = fakeApi({
    'GET /api/v1/auth/me': { status: 200, body: user },
    'POST /api/v1/auth/verify-email/resend': { status: 204 },
  });
  renderWithApp(<VerifyEmailBanner />, { config: mail ? mailOn : testConfig(), language });
  return calls;
}

describe('VerifyEmailBanner', () => {
  it('asks a signed-in user with an unproven address to confirm it, naming the address', async () => {
    renderBanner(unproven, { language: 'hr' });
    const banner = await screen.findByTestId('verify-email-banner');
    expect(banner).toHaveTextContent('Potvrdite svoju e-adresu: poslali smo poveznicu na ana@example.org.');
    expect(screen.getByRole('button', { name: 'Pošalji ponovno' })).toHaveAttribute(
      'data-testid',
      'resend-verification',
    );
  });

  it.each([
    ['a proven address', currentUser({ emailVerified: true }), true],
    ['nobody signed in', null, true],
    ['a site that sends no e-mail', unproven, false],
  ])('shows nothing for %s', async (_case, user, mail) => {
    const calls = renderBanner(user, { mail });
    if (mail) await waitFor(() => expect(calls.map((call) => call.path)).toEqual(['/api/v1/auth/me']));
    else await new Promise((done) => setTimeout(done, 20));
    expect(screen.queryByTestId('verify-email-banner')).toBeNull();
  });

  it('sends the link again and says where it went', async () => {
    const calls = renderBanner(unproven);
    await userEvent.click(await screen.findByTestId('resend-verification'));
    expect(await screen.findByText('We sent a new link to ana@example.org.')).toBeInTheDocument();
    expect(screen.getByTestId('resend-verification-status')).toHaveAttribute('role', 'status');
    expect(calls.filter((call) => call.method === 'POST')).toEqual([
      { method: 'POST', path: '/api/v1/auth/verify-email/resend', body: undefined },
    ]);
  });

  it('asks to wait when too many links were asked for', async () => {
    fakeApi({
      'GET /api/v1/auth/me': { status: 200, body: unproven },
      'POST /api/v1/auth/verify-email/resend': {
        status: 429,
        body: apiError('rate_limited', 'Too many', { retryAfterSeconds: 1800 }),
      },
    });
    renderWithApp(<VerifyEmailBanner />, { config: mailOn });
    await userEvent.click(await screen.findByTestId('resend-verification'));
    await waitFor(() =>
      expect(screen.getByTestId('resend-verification-status')).toHaveTextContent(
        'Too many attempts. Please try again in 30 minutes.',
      ),
    );
    expect(screen.queryByText(/We sent a new link/)).toBeNull();
  });
});
