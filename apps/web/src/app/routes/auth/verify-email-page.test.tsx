import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { VerifyEmailBanner } from '../../../features/auth/components/verify-email-banner.tsx';
import { currentUserQueryKey } from '../../../lib/session/current-user.ts';
import { apiError, fakeApi } from '../../../testing/fake-api.ts';
import { currentUser, testConfig } from '../../../testing/fixtures.ts';
import { createTestQueryClient, renderWithApp } from '../../../testing/render.tsx';
import { VerifyEmailPage } from './verify-email-page.tsx';

/** A token as the e-mail's link carries it: 32 bytes in base64url, 43 characters. */
const TOKEN = 'Xk3_9aQ-ZpLm2Vt8RwYc5BnH7uJd1KeS4gFhT6oIq0E';

function renderPage(
  path = `/verify-email?token=${TOKEN}`,
  language = 'en',
  queryClient = createTestQueryClient(),
) {
  // As the app runs in development (effects run twice), and the link must still be sent once. The
  // layout's notice is there too, as on every page.
  return renderWithApp(
    <>
      <VerifyEmailBanner />
      <VerifyEmailPage />
    </>,
    { path, language, queryClient, config: testConfig({ mail: true }), strict: true },
  );
}

const verifications = (calls: { path: string }[]) =>
  calls.filter((call) => call.path === '/api/v1/auth/verify-email');

describe('the verify-email page', () => {
  it('proves the address once on opening, takes the token out of the address, and drops the notice', async () => {
    let verified = false;
    // The address is proven once the layout's notice has been seen: it is there until then.
    let noticeSeen = () => {};
    const seen = new Promise<void>((done) => {
      noticeSeen = done;
    });
    const calls = fakeApi({
      'POST /api/v1/auth/verify-email': async () => {
        await seen;
        verified = true;
        return { status: 204 };
      },
      'GET /api/v1/auth/me': () => ({ status: 200, body: currentUser({ emailVerified: verified }) }),
    });
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(currentUserQueryKey, currentUser({ emailVerified: false }));
    const { location } = renderPage(`/verify-email?token=${TOKEN}&utm=mail`, 'hr', queryClient);
    expect(await screen.findByTestId('verify-email-banner')).toBeInTheDocument();
    noticeSeen();

    const done = await screen.findByTestId('email-verified');
    expect(done).toHaveTextContent('Vaša je e-adresa potvrđena');
    expect(screen.getByRole('heading', { name: 'Vaša je e-adresa potvrđena' })).toHaveFocus();
    // Replaced, not pushed: the token stays in no history entry.
    expect(location.history).toEqual(['/verify-email']);
    await waitFor(() => expect(screen.queryByTestId('verify-email-banner')).toBeNull());
    expect(verifications(calls)).toEqual([
      { method: 'POST', path: '/api/v1/auth/verify-email', body: { token: TOKEN } },
    ]);
  });

  it('does not keep an answer about the user that left before the address was proven', async () => {
    let verified = false;
    fakeApi({
      'POST /api/v1/auth/verify-email': () => {
        verified = true;
        return { status: 204 };
      },
      // Both requests leave as the page opens; this one is answered as it was asked.
      'GET /api/v1/auth/me': () => ({ status: 200, body: currentUser({ emailVerified: verified }) }),
    });
    const { queryClient } = renderPage();
    await screen.findByTestId('email-verified');
    await waitFor(() =>
      expect(queryClient.getQueryData(currentUserQueryKey)).toEqual(currentUser({ emailVerified: true })),
    );
  });

  it('says a used or expired link does not work, and how to get a new one when signed out', async () => {
    fakeApi({
      'POST /api/v1/auth/verify-email': { status: 400, body: apiError('verification_link_invalid') },
      'GET /api/v1/auth/me': { status: 200, body: null },
    });
    renderPage();
    const invalid = await screen.findByTestId('verification-link-invalid');
    expect(invalid).toHaveTextContent('This link doesn’t work');
    expect(invalid).toHaveTextContent('works once, within seven days');
    expect(invalid).toHaveTextContent('Sign in, then ask for a new link with “Send again”');
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/sign-in');
    expect(screen.queryByTestId('email-verified')).toBeNull();
  });

  it('points a signed-in reader with an unproven address to Send again', async () => {
    fakeApi({
      'POST /api/v1/auth/verify-email': { status: 400, body: apiError('verification_link_invalid') },
      'GET /api/v1/auth/me': { status: 200, body: currentUser({ emailVerified: false }) },
    });
    renderPage();
    const invalid = await screen.findByTestId('verification-link-invalid');
    await waitFor(() =>
      expect(invalid).toHaveTextContent(
        'Ask for a new link with “Send again” in the notice at the top of the page.',
      ),
    );
  });

  it.each([
    ['no token', '/verify-email'],
    ['a token cut short when copied', `/verify-email?token=${TOKEN.slice(0, 30)}`],
  ])('says the link does not work for %s, without asking the server to verify', async (_case, path) => {
    const calls = fakeApi({ 'GET /api/v1/auth/me': { status: 200, body: null } });
    renderPage(path);
    expect(screen.getByTestId('verification-link-invalid')).toBeInTheDocument();
    await new Promise((done) => setTimeout(done, 20));
    expect(verifications(calls)).toEqual([]);
  });

  it('offers to try again when the server could not be reached', async () => {
    let reachable = false;
    const calls = fakeApi({
      'POST /api/v1/auth/verify-email': () => (reachable ? { status: 204 } : 'offline'),
      'GET /api/v1/auth/me': { status: 200, body: null },
    });
    renderPage();
    const failed = await screen.findByTestId('verification-failed');
    expect(failed).toHaveTextContent('Can’t reach the server.');
    reachable = true;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('email-verified')).toBeInTheDocument();
    expect(verifications(calls)).toHaveLength(2);
  });
});
