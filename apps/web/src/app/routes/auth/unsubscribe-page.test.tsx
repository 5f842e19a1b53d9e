import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, fakeApi } from '../../../testing/fake-api.ts';
import { testConfig } from '../../../testing/fixtures.ts';
import { renderWithApp } from '../../../testing/render.tsx';
import { UnsubscribePage } from './unsubscribe-page.tsx';

/** A token as the e-mail's link carries it: 32 bytes in base64url, 43 characters. */
const TOKEN = 'Xk3_9aQ-ZpLm2Vt8RwYc5BnH7uJd1KeS4gFhT6oIq0E';

function renderPage(path = `/unsubscribe?token=${TOKEN}`, language = 'en') {
  return renderWithApp(<UnsubscribePage />, {
    path,
    language,
    config: testConfig({ mail: true }),
    strict: true,
  });
}

describe('the unsubscribe page', () => {
  it('ends nothing on opening (mail scanners open links), and takes the token out of the address', async () => {
    const calls = fakeApi({ 'POST /api/v1/unsubscribe': { status: 200, body: { list: 'review' } } });
    const { location } = renderPage();
    expect(screen.getByTestId('unsubscribe-confirmation')).toHaveTextContent(
      'Nothing changes until you press the button.',
    );
    expect(screen.getByRole('button', { name: 'Unsubscribe' })).toHaveAttribute(
      'data-testid',
      'confirm-unsubscribe',
    );
    await new Promise((done) => setTimeout(done, 30));
    expect(calls).toEqual([]);
    expect(location.history).toEqual(['/unsubscribe']);
    expect(screen.queryByTestId('unsubscribed')).toBeNull();
  });

  it.each([
    ['review', 'You won’t get e-mails about new proposals and reports any more.', 'Your e-mail settings'],
    [
      'decisions',
      'You won’t get e-mails when your proposals are published or rejected',
      'Your e-mail settings',
    ],
    ['follow', 'You no longer follow this area or spot', 'Go to the map'],
  ])('ends the %s e-mails when the reader confirms, and says which', async (list, text, way) => {
    const calls = fakeApi({ 'POST /api/v1/unsubscribe': { status: 200, body: { list } } });
    renderPage();
    await userEvent.click(screen.getByTestId('confirm-unsubscribe'));
    const done = await screen.findByTestId('unsubscribed');
    expect(done).toHaveTextContent('You are unsubscribed');
    expect(done).toHaveTextContent(text);
    expect(screen.getByRole('heading', { name: 'You are unsubscribed' })).toHaveFocus();
    expect(screen.getByRole('link', { name: way })).toHaveAttribute(
      'href',
      list === 'follow' ? '/' : '/account',
    );
    expect(calls).toEqual([{ method: 'POST', path: '/api/v1/unsubscribe', body: { token: TOKEN } }]);
  });

  it('speaks the reader’s language', async () => {
    fakeApi({ 'POST /api/v1/unsubscribe': { status: 200, body: { list: 'decisions' } } });
    renderPage(`/unsubscribe?token=${TOKEN}`, 'hr');
    await userEvent.click(screen.getByRole('button', { name: 'Odjavi me' }));
    expect(await screen.findByTestId('unsubscribed')).toHaveTextContent(
      'Više nećete primati poruke kad su vaši prijedlozi objavljeni ili odbijeni.',
    );
  });

  it('says an unknown link does not work', async () => {
    fakeApi({ 'POST /api/v1/unsubscribe': { status: 404, body: apiError('not_found') } });
    renderPage();
    await userEvent.click(screen.getByTestId('confirm-unsubscribe'));
    expect(await screen.findByTestId('unsubscribe-link-invalid')).toHaveTextContent('This link doesn’t work');
    expect(screen.queryByTestId('confirm-unsubscribe')).toBeNull();
  });

  it('keeps the button when the server could not be reached', async () => {
    fakeApi({ 'POST /api/v1/unsubscribe': 'offline' });
    renderPage();
    await userEvent.click(screen.getByTestId('confirm-unsubscribe'));
    expect(await screen.findByText(/Can’t reach the server/)).toBeInTheDocument();
    expect(screen.getByTestId('confirm-unsubscribe')).toBeInTheDocument();
  });

  it('says a link without a whole token does not work, and offers nothing to press', async () => {
    const calls = fakeApi({});
    renderPage(`/unsubscribe?token=${TOKEN.slice(0, 20)}`);
    expect(screen.getByTestId('unsubscribe-link-invalid')).toBeInTheDocument();
    expect(screen.queryByTestId('confirm-unsubscribe')).toBeNull();
    await new Promise((done) => setTimeout(done, 20));
    expect(calls).toEqual([]);
  });
});
