import type { Webhook, WebhookDelivery } from '@karta/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, fakeApi } from '../../../testing/fake-api.ts';
import { currentUser, defibrillatorCategory } from '../../../testing/fixtures.ts';
import { renderWithApp } from '../../../testing/render.tsx';
import { WebhooksPage } from './webhooks-page.tsx';

const NOW = Date.now();
const minutesAgo = (minutes: number) => new Date(NOW - minutes * 60_000).toISOString();

function webhook(overrides: Partial<Webhook>): Webhook {
  return {
    id: 1,
    url: 'https://hooks.example.com/karta/a-very-long-path-that-has-to-wrap-on-a-phone-screen-somewhere',
    events: ['place.published'],
    categories: null,
    createdAt: minutesAgo(600),
    disabledAt: null,
    failuresInARow: 0,
    ...overrides,
  };
}

function delivery(overrides: Partial<WebhookDelivery>): WebhookDelivery {
  return {
    id: 1,
    messageId: 'msg_1',
    event: 'place.published',
    subjectId: 42,
    occurredAt: minutesAgo(5),
    attempts: 1,
    lastStatus: 200,
    lastError: null,
    deliveredAt: minutesAgo(5),
    givenUpAt: null,
    ...overrides,
  };
}

const admin = { status: 200, body: currentUser({ id: 1, role: 'admin' }) } as const;
const defibrillators = defibrillatorCategory({ id: 3, name: { en: 'Defibrillators', hr: 'Defibrilatori' } });
const categories = { status: 200, body: { items: [defibrillators] } } as const;

function rowOf(id: number) {
  const row = screen
    .getAllByTestId('webhook-row')
    .find((candidate) => candidate.dataset.webhookId === String(id));
  if (!row) throw new Error(`No row for webhook ${id}`);
  return row;
}

describe('WebhooksPage', () => {
  it('lists each webhook: address, events and categories in words, on or off and why, failures in a row', async () => {
    fakeApi({
      'GET /api/v1/auth/me': admin,
      'GET /api/v1/categories': categories,
      'GET /api/v1/webhooks': {
        status: 200,
        body: {
          items: [
            webhook({ id: 3, events: ['place.published', 'flag.created'], categories: [3, 99] }),
            webhook({ id: 2, url: 'https://b.example.com/', disabledAt: minutesAgo(30), failuresInARow: 3 }),
            webhook({ id: 1, url: 'https://c.example.com/', disabledAt: minutesAgo(120), failuresInARow: 1 }),
          ],
        },
      },
    });
    renderWithApp(<WebhooksPage />, { path: '/webhooks' });
    await screen.findAllByTestId('webhook-row');
    expect(within(rowOf(3)).getByTestId('webhook-url')).toHaveTextContent(/^https:\/\/hooks\.example\.com/);
    expect(within(rowOf(3)).getByTestId('webhook-events')).toHaveTextContent(
      'A place is published, A place is reported',
    );
    await waitFor(() =>
      expect(within(rowOf(3)).getByTestId('webhook-categories')).toHaveTextContent(
        'Defibrillators, category 99',
      ),
    );
    expect(within(rowOf(3)).getByTestId('webhook-state')).toHaveTextContent('On');
    expect(within(rowOf(3)).queryByTestId('webhook-off-reason')).toBeNull();
    expect(within(rowOf(3)).getByRole('button', { name: 'Switch off' })).toBeVisible();
    expect(within(rowOf(2)).getByTestId('webhook-categories')).toHaveTextContent('All categories');
    expect(within(rowOf(2)).getByTestId('webhook-state')).toHaveTextContent('Off');
    expect(within(rowOf(2)).getByTestId('webhook-off-reason')).toHaveTextContent(
      'Switched off 30 minutes ago after 3 deliveries failed in a row',
    );
    expect(within(rowOf(2)).getByTestId('webhook-failures')).toHaveTextContent('3');
    expect(within(rowOf(2)).getByRole('button', { name: 'Switch on again' })).toBeVisible();
    expect(within(rowOf(1)).getByTestId('webhook-off-reason')).toHaveTextContent(
      'Switched off 2 hours ago by an admin',
    );
  });

  it('adds a webhook for chosen events and categories, shows its secret once with Copy, and Done brings the form back', async () => {
    const created = { ...webhook({ id: 9, url: 'https://hooks.example.com/new' }), secret: 'whsec_c2VjcmV0' };
    let listed: Webhook[] = [];
    const calls = fakeApi({
      'GET /api/v1/auth/me': admin,
      'GET /api/v1/categories': categories,
      'GET /api/v1/webhooks': () => ({ status: 200, body: { items: listed } }),
      'POST /api/v1/webhooks': () => {
        listed = [webhook({ id: 9, url: 'https://hooks.example.com/new' })];
        return { status: 201, body: created };
      },
    });
    const user = userEvent.setup();
    renderWithApp(<WebhooksPage />, { path: '/webhooks' });
    expect(await screen.findByText('No webhooks yet.')).toBeVisible();
    await user.type(screen.getByLabelText('Address to send to'), ' https://hooks.example.com/new ');
    await user.click(screen.getByRole('checkbox', { name: 'A note is published' }));
    await user.click(await screen.findByRole('checkbox', { name: 'Defibrillators' }));
    await user.click(screen.getByRole('button', { name: 'Add webhook' }));

    const secret = await screen.findByTestId('new-webhook-value');
    expect(secret).toHaveValue('whsec_c2VjcmV0');
    expect(secret).toHaveFocus();
    expect(screen.getByText(/won’t be shown again/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Standard Webhooks' })).toHaveAttribute(
      'href',
      'https://www.standardwebhooks.com/',
    );
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      url: 'https://hooks.example.com/new',
      events: ['place.published', 'note.published'],
      categories: [3],
    });
    await screen.findByTestId('webhook-row');
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByTestId('new-webhook-value')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Add a webhook' })).toHaveFocus();
    expect(screen.getByLabelText('Address to send to')).toHaveValue('');
  });

  it('sends nothing without an address or an event, and says so on each field', async () => {
    const calls = fakeApi({
      'GET /api/v1/auth/me': admin,
      'GET /api/v1/categories': categories,
      'GET /api/v1/webhooks': { status: 200, body: { items: [] } },
    });
    const user = userEvent.setup();
    renderWithApp(<WebhooksPage />, { path: '/webhooks' });
    await screen.findByText('No webhooks yet.');
    await user.click(screen.getByRole('checkbox', { name: 'A place is published' }));
    await user.click(screen.getByRole('button', { name: 'Add webhook' }));
    expect(await screen.findByText('Enter the address to send to')).toBeVisible();
    expect(screen.getByText('Choose at least one event')).toBeVisible();
    expect(screen.getByLabelText('Address to send to')).toHaveFocus();
    await user.type(screen.getByLabelText('Address to send to'), 'hooks.example.com');
    expect(screen.getByText('Enter a full web address starting with https:// or http://')).toBeVisible();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('shows an address the server refuses (a private one) on the address field, in Croatian too', async () => {
    fakeApi({
      'GET /api/v1/auth/me': admin,
      'GET /api/v1/categories': categories,
      'GET /api/v1/webhooks': { status: 200, body: { items: [] } },
      'POST /api/v1/webhooks': {
        status: 400,
        body: apiError('validation_error', 'Invalid input', [
          { path: 'url', code: 'invalid', message: 'Addresses on private networks are not allowed' },
        ]),
      },
    });
    const user = userEvent.setup();
    renderWithApp(<WebhooksPage />, { path: '/webhooks', language: 'hr' });
    await screen.findByText('Još nema webhookova.');
    const field = screen.getByLabelText('Adresa na koju se šalje');
    await user.type(field, 'http://192.168.1.5/hook');
    await user.click(screen.getByRole('button', { name: 'Dodaj webhook' }));
    expect(await screen.findByText(/Stranica ne može slati na ovu adresu/)).toBeVisible();
    expect(field).toHaveFocus();
    expect(field).toHaveAccessibleDescription(expect.stringContaining('ne u privatnoj ili lokalnoj mreži'));
    expect(screen.queryByTestId('new-webhook')).toBeNull();
  });

  it('switches a webhook off and on again, and deletes one only once asked', async () => {
    let items = [webhook({ id: 4, disabledAt: minutesAgo(10), failuresInARow: 5 })];
    const calls = fakeApi({
      'GET /api/v1/auth/me': admin,
      'GET /api/v1/categories': categories,
      'GET /api/v1/webhooks': () => ({ status: 200, body: { items } }),
      'PATCH /api/v1/webhooks/4': (call) => {
        const enabled = (call.body as { enabled: boolean }).enabled;
        items = [webhook({ id: 4, disabledAt: enabled ? null : minutesAgo(0), failuresInARow: 0 })];
        return { status: 200, body: items[0] };
      },
      'DELETE /api/v1/webhooks/4': () => {
        items = [];
        return { status: 204 };
      },
    });
    const user = userEvent.setup();
    renderWithApp(<WebhooksPage />, { path: '/webhooks' });
    await user.click(await screen.findByRole('button', { name: 'Switch on again' }));
    await waitFor(() => expect(within(rowOf(4)).getByTestId('webhook-state')).toHaveTextContent('On'));
    expect(within(rowOf(4)).getByTestId('webhook-failures')).toHaveTextContent('0');
    await user.click(screen.getByRole('button', { name: 'Switch off' }));
    await waitFor(() => expect(within(rowOf(4)).getByTestId('webhook-state')).toHaveTextContent('Off'));
    expect(within(rowOf(4)).getByTestId('webhook-off-reason')).toHaveTextContent('by an admin');

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(screen.getByText(/Delete this webhook and its log/)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('button', { name: 'Delete' })).toHaveFocus();
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(
      within(screen.getByTestId('confirm-delete-webhook')).getByRole('button', { name: 'Delete' }),
    ).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await screen.findByText('No webhooks yet.')).toBeVisible();
    expect(
      calls.filter((call) => call.method !== 'GET').map((call) => `${call.method} ${call.path}`),
    ).toEqual(['PATCH /api/v1/webhooks/4', 'PATCH /api/v1/webhooks/4', 'DELETE /api/v1/webhooks/4']);
  });

  it('opens a webhook’s deliveries: event, a link to the place, attempts, last answer, state', async () => {
    const calls = fakeApi({
      'GET /api/v1/auth/me': admin,
      'GET /api/v1/categories': categories,
      'GET /api/v1/webhooks': { status: 200, body: { items: [webhook({ id: 5 })] } },
      'GET /api/v1/webhooks/5/deliveries': {
        status: 200,
        body: {
          items: [
            delivery({
              id: 3,
              event: 'flag.created',
              subjectId: 77,
              attempts: 0,
              lastStatus: null,
              deliveredAt: null,
            }),
            delivery({
              id: 2,
              subjectId: 43,
              attempts: 8,
              lastStatus: 500,
              lastError: 'The receiver answered 500',
              deliveredAt: null,
              givenUpAt: minutesAgo(1),
            }),
            delivery({ id: 1 }),
          ],
        },
      },
    });
    const user = userEvent.setup();
    renderWithApp(<WebhooksPage />, { path: '/webhooks' });
    const toggle = await screen.findByRole('button', { name: 'Deliveries' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(calls.some((call) => call.path.includes('/deliveries'))).toBe(false);
    await user.click(toggle);
    const log = await screen.findByTestId('webhook-deliveries');
    expect(screen.getByRole('button', { name: 'Hide deliveries' })).toHaveAttribute('aria-expanded', 'true');
    const rows = within(log).getAllByTestId('webhook-delivery');
    expect(rows.map((row) => row.dataset.state)).toEqual(['waiting', 'givenUp', 'delivered']);
    expect(rows[0]).toHaveTextContent('A place is reported · no. 77');
    expect(within(rows[0] as HTMLElement).queryByRole('link')).toBeNull();
    expect(within(rows[0] as HTMLElement).getByTestId('webhook-delivery-state')).toHaveTextContent('Waiting');
    expect(within(rows[1] as HTMLElement).getByRole('link', { name: 'no. 43' })).toHaveAttribute(
      'href',
      '/places/43',
    );
    expect(rows[1]).toHaveTextContent('8 attempts');
    expect(within(rows[1] as HTMLElement).getByTestId('webhook-delivery-outcome')).toHaveTextContent(
      'The receiver answered 500',
    );
    expect(within(rows[1] as HTMLElement).getByTestId('webhook-delivery-state')).toHaveTextContent(
      'Given up',
    );
    expect(rows[2]).toHaveTextContent('1 attempt');
    expect(within(rows[2] as HTMLElement).getByTestId('webhook-delivery-outcome')).toHaveTextContent(
      'HTTP 200',
    );
    expect(within(rows[2] as HTMLElement).getByTestId('webhook-delivery-state')).toHaveTextContent(
      'Delivered',
    );
  });

  it('is for admins only: a moderator is told so and nothing is loaded', async () => {
    const calls = fakeApi({
      'GET /api/v1/auth/me': { status: 200, body: currentUser({ role: 'moderator' }) },
    });
    renderWithApp(<WebhooksPage />, { path: '/webhooks' });
    expect(await screen.findByText(/^Only administrators can use this page\./)).toBeVisible();
    expect(calls.some((call) => call.path.startsWith('/api/v1/webhooks'))).toBe(false);
  });
});
