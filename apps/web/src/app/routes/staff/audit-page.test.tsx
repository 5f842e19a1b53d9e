import type { AuditEntry } from '@karta/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../../testing/fake-api.ts';
import { currentUser } from '../../../testing/fixtures.ts';
import { renderWithApp } from '../../../testing/render.tsx';
import { AuditPage } from './audit-page.tsx';

const NOW = Date.now();

function entry(overrides: Partial<AuditEntry>): AuditEntry {
  return {
    id: 30,
    at: new Date(NOW - 5 * 60_000).toISOString(),
    actor: { id: 4, displayName: 'Ana Moderatorka', role: 'moderator' },
    via: 'session',
    action: 'place.transition',
    object: { type: 'place', id: '42' },
    reason: 'Closed for good',
    before: { status: 'pending' },
    after: { status: 'rejected' },
    ...overrides,
  };
}

const admin = { status: 200, body: currentUser({ id: 1, role: 'admin' }) } as const;
const auditPaths = (calls: { path: string }[]) =>
  calls.filter((call) => call.path.startsWith('/api/v1/audit')).map((call) => call.path);

describe('AuditPage', () => {
  it('shows each action: in words, who in what role, the object with its link, the reason, what changed', async () => {
    fakeApi({
      'GET /api/v1/auth/me': admin,
      'GET /api/v1/audit': {
        status: 200,
        body: {
          items: [
            entry({}),
            entry({
              id: 29,
              actor: { id: 9, displayName: null, role: 'admin' },
              via: 'token',
              action: 'api_token.create',
              object: { type: 'api_token', id: '3' },
              reason: null,
              before: null,
              after: { name: 'Script' },
            }),
            entry({
              id: 28,
              actor: null,
              via: 'system',
              action: 'import.run',
              object: { type: 'import', id: '5' },
            }),
          ],
          nextCursor: null,
        },
      },
    });
    const user = userEvent.setup();
    renderWithApp(<AuditPage />, { path: '/audit' });
    const rows = await screen.findAllByTestId('audit-row');
    expect(rows).toHaveLength(3);
    const [first, second, third] = rows as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(first).getByTestId('audit-action').textContent).toBe('Place’s status changed');
    expect(within(first).getByTestId('audit-who').textContent).toBe('Ana Moderatorka (Moderator)');
    expect(within(first).getByRole('link', { name: 'Place no. 42' }).getAttribute('href')).toBe('/places/42');
    expect(within(first).getByTestId('audit-reason').textContent).toBe('Closed for good');
    await user.click(within(first).getByText('What changed'));
    expect(within(first).getByTestId('audit-changes').textContent).toContain('pending');
    expect(within(first).getByTestId('audit-changes').textContent).toContain('rejected');
    expect(within(second).getByTestId('audit-who').textContent).toBe(
      'A deleted account (no. 9) (Administrator) · with an API token',
    );
    expect(within(second).queryByRole('link', { name: 'API token no. 3' })).toBeNull();
    expect(within(third).getByTestId('audit-who').textContent).toBe('The site itself (a scheduled job)');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('keeps the filters in the address and asks with them; a person set from a row is shown and removable', async () => {
    const calls = fakeApi({
      'GET /api/v1/auth/me': admin,
      'GET /api/v1/audit': { status: 200, body: { items: [entry({})], nextCursor: null } },
    });
    const user = userEvent.setup();
    const { location } = renderWithApp(<AuditPage />, { path: '/audit?actor=4&action=place.edit&bogus=1' });
    await screen.findByTestId('audit-row');
    expect(auditPaths(calls)).toEqual(['/api/v1/audit?actor=4&action=place.edit&limit=50']);
    expect(screen.getByText(/Person no\. 4/)).toBeTruthy();

    await user.selectOptions(screen.getByLabelText('Action'), 'Place’s status changed');
    await user.type(screen.getByLabelText('From'), '2026-11-01');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() =>
      expect(location.history?.at(-1)).toBe('/audit?actor=4&action=place.transition&from=2026-11-01'),
    );
    await waitFor(() => expect(auditPaths(calls).at(-1)).toMatch(/action=place\.transition&from=2026-/));

    await user.click(screen.getByRole('link', { name: 'Remove' }));
    await waitFor(() =>
      expect(location.history?.at(-1)).toBe('/audit?action=place.transition&from=2026-11-01'),
    );
  });

  it('loads more with the cursor the last page gave', async () => {
    const calls = fakeApi({
      'GET /api/v1/auth/me': admin,
      'GET /api/v1/audit': (call) =>
        call.path.includes('cursor=')
          ? { status: 200, body: { items: [entry({ id: 10 })], nextCursor: null } }
          : { status: 200, body: { items: [entry({ id: 11 })], nextCursor: 'YTEx' } },
    });
    const user = userEvent.setup();
    renderWithApp(<AuditPage />, { path: '/audit' });
    await screen.findByTestId('audit-row');
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByTestId('audit-row')).toHaveLength(2));
    expect(auditPaths(calls)).toEqual(['/api/v1/audit?limit=50', '/api/v1/audit?limit=50&cursor=YTEx']);
  });

  it('is for admins only', async () => {
    fakeApi({ 'GET /api/v1/auth/me': { status: 200, body: currentUser({ id: 2, role: 'moderator' }) } });
    renderWithApp(<AuditPage />, { path: '/audit' });
    await waitFor(() => expect(screen.queryByTestId('audit-list')).toBeNull());
    expect(await screen.findByText(/admin/i)).toBeTruthy();
  });
});
