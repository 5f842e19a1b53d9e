import type { ApiToken } from '@karta/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, fakeApi } from '../../../testing/fake-api.ts';
import { renderWithApp } from '../../../testing/render.tsx';
import { ApiTokenList } from './api-token-list.tsx';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

function token(overrides: Partial<ApiToken>): ApiToken {
  return {
    id: 1,
    name: 'Nightly sync',
    prefix: '0123456789ab',
    scopes: ['places:read'],
    createdAt: '2026-03-02T12:00:00.000Z',
    expiresAt: null,
    lastUsedAt: null,
    ...overrides,
  };
}

function rowOf(id: number) {
  const row = screen
    .getAllByTestId('api-token-row')
    .find((candidate) => candidate.dataset.tokenId === String(id));
  if (!row) throw new Error(`No row for token ${id}`);
  return row;
}

describe('ApiTokenList', () => {
  it('shows each token’s name, prefix, scopes in words, dates and last use, in the reader’s language', async () => {
    const soon = new Date(Date.now() + 40 * DAY).toISOString();
    const gone = new Date(Date.now() - 3 * DAY).toISOString();
    fakeApi({
      'GET /api/v1/tokens': {
        status: 200,
        body: {
          items: [
            token({
              id: 3,
              name: '<b>Sync</b>',
              scopes: ['places:propose', 'places:read'],
              expiresAt: soon,
              lastUsedAt: new Date(Date.now() - 5 * MINUTE).toISOString(),
            }),
            token({ id: 2, name: 'Old script', scopes: ['import', 'moderate'], expiresAt: gone }),
            token({ id: 1 }),
          ],
        },
      },
    });
    const { container } = renderWithApp(<ApiTokenList />, { language: 'hr' });
    await screen.findAllByTestId('api-token-row');
    expect(screen.getAllByTestId('api-token-row').map((row) => row.dataset.tokenId)).toEqual(['3', '2', '1']);

    const sync = rowOf(3);
    expect(within(sync).getByTestId('api-token-name')).toHaveTextContent('<b>Sync</b>');
    expect(container.querySelector('b')).toBeNull();
    expect(sync).toHaveTextContent('karta_0123456789ab_…');
    // In the order of the form, whatever order the server gave.
    expect(
      within(sync)
        .getAllByTestId('api-token-scope')
        .map((chip) => chip.textContent),
    ).toEqual(['Čitanje mjesta', 'Predlaganje i uređivanje mjesta']);
    expect(sync).toHaveTextContent('Napravljen 2. ožujka 2026.');
    expect(within(sync).getByTestId('api-token-expiry')).toHaveTextContent(/^Istječe \d/);
    expect(within(sync).getByTestId('api-token-last-used')).toHaveTextContent(
      'Posljednje korištenje: prije 5 minuta',
    );

    expect(within(rowOf(2)).getByTestId('api-token-expiry')).toHaveTextContent(/^Istekao \d/);
    expect(
      within(rowOf(2))
        .getAllByTestId('api-token-scope')
        .map((chip) => chip.textContent),
    ).toEqual(['Moderiranje', 'Uvoz']);
    expect(within(rowOf(1)).getByTestId('api-token-expiry')).toHaveTextContent('Ne istječe');
    expect(within(rowOf(1)).getByTestId('api-token-last-used')).toHaveTextContent('Nikad korišten');
    // Each Revoke names its token, for a list of buttons read out of context.
    expect(within(rowOf(3)).getByRole('button')).toHaveAccessibleName('Opozovi <b>Sync</b>');
  });

  it('says what tokens are for, and where the API is described, when there are none', async () => {
    fakeApi({ 'GET /api/v1/tokens': { status: 200, body: { items: [] } } });
    renderWithApp(<ApiTokenList />);
    const empty = await screen.findByTestId('api-tokens-empty');
    expect(empty).toHaveTextContent('You have no API tokens.');
    expect(empty).toHaveTextContent('when a script needs to read or propose places as you');
    expect(within(empty).getByRole('link', { name: '/api/v1/openapi.json' })).toHaveAttribute(
      'href',
      '/api/v1/openapi.json',
    );
    expect(screen.queryByTestId('api-token-row')).toBeNull();
  });

  it('revokes a token only once asked and confirmed, then reloads the list', async () => {
    let items = [token({ id: 5, name: 'Laptop script' }), token({ id: 4, name: 'CI' })];
    const calls = fakeApi({
      'GET /api/v1/tokens': () => ({ status: 200, body: { items } }),
      'DELETE /api/v1/tokens/5': () => {
        items = items.filter((item) => item.id !== 5);
        return { status: 204 };
      },
    });
    renderWithApp(<ApiTokenList />);
    await screen.findAllByTestId('api-token-row');
    const deletes = () => calls.filter((call) => call.method === 'DELETE').map((call) => call.path);

    // Asked, then cancelled: nothing is sent, and focus is back on Revoke.
    await userEvent.click(within(rowOf(5)).getByTestId('revoke-api-token'));
    expect(within(rowOf(5)).getByTestId('confirm-revoke')).toHaveTextContent(
      'Revoke “Laptop script”? Scripts that use it stop working at once.',
    );
    expect(within(rowOf(5)).getByTestId('confirm-revoke-api-token')).toHaveFocus();
    await userEvent.click(within(rowOf(5)).getByTestId('cancel-revoke-api-token'));
    expect(within(rowOf(5)).queryByTestId('confirm-revoke')).toBeNull();
    expect(within(rowOf(5)).getByTestId('revoke-api-token')).toHaveFocus();
    expect(deletes()).toEqual([]);

    // From the keyboard: Enter on Revoke, then Enter on the confirmation that took the focus.
    within(rowOf(5)).getByTestId('revoke-api-token').focus();
    await userEvent.keyboard('{Enter}');
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.getAllByTestId('api-token-row')).toHaveLength(1));
    expect(deletes()).toEqual(['/api/v1/tokens/5']);
    expect(screen.getByTestId('toast')).toHaveTextContent('The token “Laptop script” was revoked.');
    expect(screen.getByTestId('api-tokens')).toHaveFocus();
    expect(rowOf(4)).toHaveTextContent('CI');
  });

  it('says why a revocation failed, and reloads the list', async () => {
    const calls = fakeApi({
      'GET /api/v1/tokens': { status: 200, body: { items: [token({ id: 5 })] } },
      'DELETE /api/v1/tokens/5': { status: 429, body: apiError('rate_limited') },
    });
    renderWithApp(<ApiTokenList />);
    await userEvent.click(await screen.findByTestId('revoke-api-token'));
    await userEvent.click(screen.getByTestId('confirm-revoke-api-token'));
    await waitFor(() =>
      expect(screen.getByTestId('toast')).toHaveTextContent('Too many requests. Please wait a moment'),
    );
    await waitFor(() => expect(calls.filter((call) => call.path === '/api/v1/tokens')).toHaveLength(2));
    expect(screen.getAllByTestId('api-token-row')).toHaveLength(1);
  });

  it('offers to try again when the list cannot be loaded', async () => {
    let offline = true;
    fakeApi({
      'GET /api/v1/tokens': () => (offline ? 'offline' : { status: 200, body: { items: [token({})] } }),
    });
    renderWithApp(<ApiTokenList />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Your API tokens couldn’t be loaded');
    offline = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('api-token-row')).toHaveTextContent('Nightly sync');
  });
});
