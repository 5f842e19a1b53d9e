import type { Follow } from '@karta/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, fakeApi } from '../../../testing/fake-api.ts';
import { testConfig } from '../../../testing/fixtures.ts';
import { renderWithApp } from '../../../testing/render.tsx';
import { FollowsPage } from './follows-page.tsx';

/** A token as the e-mail's link carries it: 32 bytes in base64url, 43 characters. */
const TOKEN = 'Xk3_9aQ-ZpLm2Vt8RwYc5BnH7uJd1KeS4gFhT6oIq0E';
const categories = {
  status: 200,
  body: {
    items: [
      { id: 1, slug: 'pharmacy', name: { en: 'Pharmacy', hr: 'Ljekarna' }, color: '#b91c1c', icon: 'pill' },
      { id: 2, slug: 'shelter', name: { en: 'Shelter', hr: 'Sklonište' }, color: '#1d4ed8', icon: 'home' },
    ],
  },
};

const area: Follow = {
  id: 3,
  kind: 'area',
  bbox: { west: 15.9, south: 45.7, east: 16.1, north: 45.9 },
  point: null,
  categories: ['pharmacy', 'shelter'],
  frequency: 'daily',
  alerts: true,
  confirmed: true,
  createdAt: '2026-03-02T12:00:00.000Z',
};
const spot: Follow = {
  id: 4,
  kind: 'spot',
  bbox: null,
  point: { lat: 45.81234, lng: 15.97789 },
  categories: null,
  frequency: 'weekly',
  alerts: false,
  confirmed: false,
  createdAt: '2026-03-05T12:00:00.000Z',
};

function rowOf(id: number) {
  const row = screen
    .getAllByTestId('follow-row')
    .find((candidate) => candidate.dataset.followId === String(id));
  if (!row) throw new Error(`No row for follow ${id}`);
  return row;
}

function renderPage(path = `/follows?token=${TOKEN}`, language = 'en') {
  return renderWithApp(<FollowsPage />, { path, language, config: testConfig({ mail: true }) });
}

describe('the follows page', () => {
  it('lists what the link’s address follows, and takes the token out of the address', async () => {
    const calls = fakeApi({
      'GET /api/v1/categories': categories,
      'GET /api/v1/follows': { status: 200, body: { items: [area, spot] } },
    });
    const { location } = renderPage();
    const rows = await screen.findAllByTestId('follow-row');
    expect(screen.getByTestId('follows-list')).toHaveAccessibleName('Your follows');
    expect(rows.map((row) => row.dataset.followId)).toEqual(['3', '4']);
    expect(location.history).toEqual(['/follows']);
    expect(calls.find((call) => call.path.startsWith('/api/v1/follows'))?.path).toBe(
      `/api/v1/follows?token=${TOKEN}`,
    );

    expect(rowOf(3)).toHaveTextContent('Map area 45.7000, 15.9000 – 45.9000, 16.1000');
    await waitFor(() => expect(rowOf(3)).toHaveTextContent('Categories: Pharmacy and Shelter'));
    expect(rowOf(3)).toHaveTextContent('Daily digest · alerts when reported closed');
    expect(within(rowOf(3)).getByTestId('follow-status')).toHaveTextContent('Confirmed');
    expect(rowOf(4)).toHaveTextContent('Places serving the spot 45.812340, 15.977890');
    expect(rowOf(4)).toHaveTextContent('Categories: All categories');
    expect(rowOf(4)).toHaveTextContent('Weekly digest');
    expect(rowOf(4)).not.toHaveTextContent('alerts');
    expect(rowOf(4)).toHaveTextContent('Since March 5, 2026');
    expect(within(rowOf(4)).getByTestId('follow-status')).toHaveTextContent('Waiting for confirmation');
    expect(within(rowOf(4)).getByRole('link', { name: /Show on the map/ })).toHaveAttribute(
      'href',
      '/near?lat=45.81234&lng=15.97789&r=1000&tab=covers',
    );
    // Each End says which follow, for a list of buttons read out of context.
    expect(within(rowOf(4)).getByTestId('end-follow')).toHaveAccessibleName(
      'End: Places serving the spot 45.812340, 15.977890',
    );
  });

  it('speaks the reader’s language', async () => {
    fakeApi({
      'GET /api/v1/categories': categories,
      'GET /api/v1/follows': { status: 200, body: { items: [spot] } },
    });
    renderPage(`/follows?token=${TOKEN}`, 'hr');
    const row = await screen.findByTestId('follow-row');
    expect(row).toHaveTextContent('Čeka potvrdu');
    expect(row).toHaveTextContent('Tjedni sažetak');
    expect(row).toHaveTextContent('Od 5. ožujka 2026.');
    expect(within(row).getByRole('button')).toHaveAccessibleName(
      'Završi: Mjesta koja pokrivaju točku 45.812340, 15.977890',
    );
  });

  it('ends a follow: it leaves the list, the list takes the focus, and a message says so', async () => {
    const calls = fakeApi({
      'GET /api/v1/categories': categories,
      'GET /api/v1/follows': { status: 200, body: { items: [area, spot] } },
      'DELETE /api/v1/follows/3': { status: 204 },
    });
    renderPage();
    await screen.findAllByTestId('follow-row');
    await userEvent.click(within(rowOf(3)).getByTestId('end-follow'));
    await waitFor(() => expect(screen.getAllByTestId('follow-row')).toHaveLength(1));
    expect(rowOf(4)).toBeInTheDocument();
    expect(screen.getByTestId('follows-list')).toHaveFocus();
    expect(screen.getByTestId('toast')).toHaveTextContent('The follow has ended.');
    expect(calls.filter((call) => call.method === 'DELETE')).toEqual([
      { method: 'DELETE', path: `/api/v1/follows/3?token=${TOKEN}`, body: undefined },
    ]);
  });

  it('says when the address follows nothing any more', async () => {
    fakeApi({
      'GET /api/v1/categories': categories,
      'GET /api/v1/follows': { status: 200, body: { items: [area] } },
      'DELETE /api/v1/follows/3': { status: 204 },
    });
    renderPage();
    await userEvent.click(await screen.findByTestId('end-follow'));
    expect(await screen.findByText('This address follows nothing now')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the map' })).toHaveAttribute('href', '/');
  });

  it('says an unknown or old link does not work', async () => {
    fakeApi({
      'GET /api/v1/categories': categories,
      'GET /api/v1/follows': { status: 404, body: apiError('not_found') },
    });
    renderPage();
    const invalid = await screen.findByTestId('follows-link-invalid');
    expect(invalid).toHaveTextContent('This link doesn’t work');
    expect(invalid).toHaveTextContent('Every e-mail about your follows has a link to this page.');
    expect(screen.queryByTestId('follows-list')).toBeNull();
  });

  it('says a link without a whole token does not work, without asking the server', async () => {
    const calls = fakeApi({});
    renderPage(`/follows?token=${TOKEN.slice(0, 10)}`);
    expect(screen.getByTestId('follows-link-invalid')).toBeInTheDocument();
    await new Promise((done) => setTimeout(done, 20));
    expect(calls.filter((call) => call.path.startsWith('/api/v1/follows'))).toEqual([]);
  });
});
