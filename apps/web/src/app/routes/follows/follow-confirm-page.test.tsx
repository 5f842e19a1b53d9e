import type { Follow } from '@karta/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, fakeApi } from '../../../testing/fake-api.ts';
import { testConfig } from '../../../testing/fixtures.ts';
import { renderWithApp } from '../../../testing/render.tsx';
import { FollowConfirmPage } from './follow-confirm-page.tsx';

/** A token as the e-mail's link carries it: 32 bytes in base64url, 43 characters. */
const TOKEN = 'Xk3_9aQ-ZpLm2Vt8RwYc5BnH7uJd1KeS4gFhT6oIq0E';
const categories = {
  status: 200,
  body: {
    items: [
      { id: 1, slug: 'pharmacy', name: { en: 'Pharmacy', hr: 'Ljekarna' }, color: '#b91c1c', icon: 'pill' },
    ],
  },
};

function follow(overrides: Partial<Follow> = {}): Follow {
  return {
    id: 3,
    kind: 'area',
    bbox: { west: 15.9, south: 45.7, east: 16.1, north: 45.9 },
    point: null,
    categories: ['pharmacy'],
    frequency: 'daily',
    alerts: false,
    confirmed: true,
    createdAt: '2026-03-02T12:00:00.000Z',
    ...overrides,
  };
}

function renderPage(path = `/follows/confirm?token=${TOKEN}`, language = 'en') {
  return renderWithApp(<FollowConfirmPage />, {
    path,
    language,
    config: testConfig({ mail: true }),
    strict: true,
  });
}

describe('the follow confirmation page', () => {
  it('confirms nothing on opening (mail scanners open links), and takes the token out of the address', async () => {
    const calls = fakeApi({ 'GET /api/v1/categories': categories });
    const { location } = renderPage();
    expect(screen.getByRole('button', { name: 'Confirm the follow' })).toHaveAttribute(
      'data-testid',
      'confirm-follow',
    );
    await new Promise((done) => setTimeout(done, 30));
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
    expect(location.history).toEqual(['/follows/confirm']);
  });

  it('confirms when asked, then says what is followed and links to it on the map', async () => {
    const calls = fakeApi({
      'GET /api/v1/categories': categories,
      'POST /api/v1/follows/confirm': { status: 200, body: follow() },
    });
    renderPage();
    await userEvent.click(screen.getByTestId('confirm-follow'));
    const done = await screen.findByTestId('follow-confirmed');
    expect(screen.getByRole('heading', { name: 'You now follow this area' })).toHaveFocus();
    expect(done).toHaveTextContent('Map area 45.7000, 15.9000 – 45.9000, 16.1000');
    await waitFor(() => expect(done).toHaveTextContent('Categories: Pharmacy'));
    expect(done).toHaveTextContent('You’ll get a daily digest of the changes there.');
    expect(screen.getByTestId('follow-map-link')).toHaveAttribute(
      'href',
      '/?lat=45.8&lng=16&z=10&cat=pharmacy',
    );
    expect(calls.filter((call) => call.method === 'POST')).toEqual([
      { method: 'POST', path: '/api/v1/follows/confirm', body: { token: TOKEN } },
    ]);
  });

  it('links a followed spot to the places that serve it, in the reader’s language', async () => {
    fakeApi({
      'GET /api/v1/categories': categories,
      'POST /api/v1/follows/confirm': {
        status: 200,
        body: follow({
          kind: 'spot',
          bbox: null,
          point: { lat: 45.81234, lng: 15.97789 },
          categories: null,
          frequency: 'weekly',
        }),
      },
    });
    renderPage(`/follows/confirm?token=${TOKEN}`, 'hr');
    await userEvent.click(screen.getByRole('button', { name: 'Potvrdi praćenje' }));
    const done = await screen.findByTestId('follow-confirmed');
    expect(done).toHaveTextContent('Sada pratite ovu točku');
    expect(done).toHaveTextContent('Mjesta koja pokrivaju točku 45.812340, 15.977890');
    expect(done).toHaveTextContent('Kategorije: Sve kategorije');
    expect(done).toHaveTextContent('Primat ćete tjedni sažetak promjena.');
    expect(screen.getByTestId('follow-map-link')).toHaveAttribute(
      'href',
      '/near?lat=45.81234&lng=15.97789&r=1000&tab=covers',
    );
  });

  it('says a used or unknown link does not work', async () => {
    fakeApi({
      'GET /api/v1/categories': categories,
      'POST /api/v1/follows/confirm': { status: 404, body: apiError('not_found') },
    });
    renderPage();
    await userEvent.click(screen.getByTestId('confirm-follow'));
    const invalid = await screen.findByTestId('follow-link-invalid');
    expect(invalid).toHaveTextContent('This link doesn’t work');
    expect(invalid).toHaveTextContent('A confirmation link works once, within seven days.');
    expect(screen.getByRole('link', { name: 'Go to the map' })).toHaveAttribute('href', '/');
  });

  it('keeps the button when the server could not be reached', async () => {
    fakeApi({ 'GET /api/v1/categories': categories, 'POST /api/v1/follows/confirm': 'offline' });
    renderPage();
    await userEvent.click(screen.getByTestId('confirm-follow'));
    expect(await screen.findByText(/Can’t reach the server/)).toBeInTheDocument();
    expect(screen.getByTestId('confirm-follow')).toBeInTheDocument();
  });

  it('says a link without a whole token does not work, without asking the server', async () => {
    const calls = fakeApi({});
    renderPage('/follows/confirm');
    expect(screen.getByTestId('follow-link-invalid')).toBeInTheDocument();
    expect(screen.queryByTestId('confirm-follow')).toBeNull();
    await new Promise((done) => setTimeout(done, 20));
    expect(calls).toEqual([]);
  });
});
