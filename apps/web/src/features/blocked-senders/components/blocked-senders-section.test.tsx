import type { BlockedSender } from '@karta/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, fakeApi } from '../../../testing/fake-api.ts';
import { renderWithApp } from '../../../testing/render.tsx';
import { BlockedSendersSection } from './blocked-senders-section.tsx';

const domain: BlockedSender = {
  id: 2,
  kind: 'domain',
  value: 'spam.example',
  createdAt: '2026-11-20T10:00:00.000Z',
};
const address: BlockedSender = {
  id: 1,
  kind: 'address',
  value: 'ana@x.hr',
  createdAt: '2026-11-19T10:00:00.000Z',
};

describe('the blocked senders section', () => {
  it('lists the blocked addresses and domains, and unblocks one', async () => {
    const calls = fakeApi({
      'GET /api/v1/admin/blocked-senders': { status: 200, body: { items: [domain, address] } },
      'DELETE /api/v1/admin/blocked-senders/1': { status: 204 },
    });
    renderWithApp(<BlockedSendersSection />, { path: '/users' });
    const rows = await screen.findAllByTestId('blocked-sender');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('spam.exampleDomain'),
      expect.stringContaining('ana@x.hrAddress'),
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Unblock ana@x.hr' }));
    await waitFor(() =>
      expect(
        calls.some((call) => call.method === 'DELETE' && call.path === '/api/v1/admin/blocked-senders/1'),
      ).toBe(true),
    );
  });

  it('names a typo beside the field without sending it, then blocks a domain and empties the field', async () => {
    const calls = fakeApi({
      'GET /api/v1/admin/blocked-senders': { status: 200, body: { items: [] } },
      'POST /api/v1/admin/blocked-senders': { status: 201, body: domain },
    });
    renderWithApp(<BlockedSendersSection />, { path: '/users', language: 'hr' });
    expect(await screen.findByTestId('blocked-senders-empty')).toHaveTextContent(
      'Nijedna adresa ni domena nije blokirana.',
    );
    const field = screen.getByLabelText('E-adresa ili domena');
    await userEvent.type(field, 'not a domain');
    await userEvent.click(screen.getByRole('button', { name: 'Blokiraj' }));
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(expect.stringContaining('Upišite e-adresu (ime@primjer.hr)'));
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);

    await userEvent.clear(field);
    await userEvent.type(field, '@Spam.example');
    await userEvent.click(screen.getByRole('button', { name: 'Blokiraj' }));
    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'POST')).toEqual([
        { method: 'POST', path: '/api/v1/admin/blocked-senders', body: { value: '@Spam.example' } },
      ]),
    );
    await waitFor(() => expect(field).toHaveValue(''));
    expect(field).not.toHaveAttribute('aria-invalid');
  });

  it('says why the server refused', async () => {
    fakeApi({
      'GET /api/v1/admin/blocked-senders': { status: 200, body: { items: [] } },
      'POST /api/v1/admin/blocked-senders': { status: 403, body: apiError('forbidden') },
    });
    renderWithApp(<BlockedSendersSection />, { path: '/users' });
    await screen.findByTestId('blocked-senders-empty');
    await userEvent.type(screen.getByLabelText('E-mail address or domain'), 'x.hr');
    await userEvent.click(screen.getByRole('button', { name: 'Block' }));
    const section = screen.getByTestId('blocked-senders');
    expect(await within(section).findByText('You don’t have permission to do that.')).toBeInTheDocument();
  });
});
