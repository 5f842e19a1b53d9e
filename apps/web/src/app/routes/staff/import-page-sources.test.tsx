import type { ImportSource, ImportSourceRun } from '@karta/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, fakeApi } from '../../../testing/fake-api.ts';
import { currentUser, defibrillatorCategory } from '../../../testing/fixtures.ts';
import { renderWithApp } from '../../../testing/render.tsx';
import { ImportPage } from './import-page.tsx';

const NOW = Date.now();
const minutesFrom = (minutes: number) => new Date(NOW + minutes * 60_000).toISOString();

function source(overrides: Partial<ImportSource>): ImportSource {
  return {
    id: 1,
    name: 'City defibrillators',
    url: 'https://data.example.com/defibrillators-with-a-long-name.csv',
    format: 'csv',
    category: 'defibrillator',
    everyHours: 6,
    onMissing: 'archive',
    trusted: true,
    columns: {},
    createdAt: minutesFrom(-600),
    nextRunAt: minutesFrom(120),
    ...overrides,
  };
}

function run(overrides: Partial<ImportSourceRun>): ImportSourceRun {
  return {
    id: 1,
    outcome: 'imported',
    error: null,
    created: 3,
    updated: 1,
    archived: 2,
    unchanged: 40,
    failed: 0,
    held: [],
    refused: [],
    startedAt: minutesFrom(-30),
    finishedAt: minutesFrom(-29),
    ...overrides,
  };
}

const admin = { status: 200, body: currentUser({ id: 1, role: 'admin' }) } as const;
const categories = {
  status: 200,
  body: { items: [defibrillatorCategory({ id: 3, slug: 'defibrillator', name: { en: 'Defibrillators' } })] },
} as const;

describe('Scheduled imports on the import page', () => {
  it('lists each source for an admin: what, how often, last and next run, and its runs with counts', async () => {
    fakeApi({
      'GET /api/v1/auth/me': admin,
      'GET /api/v1/categories': categories,
      'GET /api/v1/import-sources': { status: 200, body: { items: [source({})] } },
      'GET /api/v1/import-sources/1/runs': {
        status: 200,
        body: {
          items: [
            run({ id: 2 }),
            run({ id: 1, outcome: 'failed', error: 'The list answered 404', startedAt: minutesFrom(-400) }),
          ],
        },
      },
    });
    const user = userEvent.setup();
    renderWithApp(<ImportPage />, { path: '/import' });
    const row = await screen.findByTestId('import-source-row');
    expect(within(row).getByRole('heading')).toHaveTextContent('City defibrillators');
    await waitFor(() => expect(row).toHaveTextContent('CSV · Defibrillators · trusted: published at once'));
    expect(row).toHaveTextContent('every 6 hours');
    expect(row).toHaveTextContent('Places gone from the listArchived');
    expect(within(row).getByTestId('import-source-next-run')).toHaveTextContent('in 2 hours');
    await waitFor(() =>
      expect(within(row).getByTestId('import-source-last-run')).toHaveTextContent(
        '30 minutes ago · Imported',
      ),
    );
    await user.click(within(row).getByRole('button', { name: 'Runs' }));
    const runs = within(row).getAllByTestId('import-source-run');
    expect(runs.map((item) => item.dataset.outcome)).toEqual(['imported', 'failed']);
    expect(runs[0]).toHaveTextContent('3 new · 1 updated · 2 archived · 40 unchanged · 0 refused');
    expect(runs[1]).toHaveTextContent('The list answered 404');
  });

  it('adds a source with every field, and refuses a bad number of hours before sending', async () => {
    let items: ImportSource[] = [];
    const calls = fakeApi({
      'GET /api/v1/auth/me': admin,
      'GET /api/v1/categories': categories,
      'GET /api/v1/import-sources': () => ({ status: 200, body: { items } }),
      'GET /api/v1/import-sources/5/runs': { status: 200, body: { items: [] } },
      'POST /api/v1/import-sources': () => {
        items = [source({ id: 5, name: 'Partner list', trusted: false, onMissing: 'keep' })];
        return { status: 201, body: items[0] };
      },
    });
    const user = userEvent.setup();
    renderWithApp(<ImportPage />, { path: '/import' });
    expect(await screen.findByText('No scheduled imports yet.')).toBeVisible();
    await user.type(screen.getByLabelText('Name'), 'Partner list');
    await user.type(screen.getByLabelText('Address of the list'), 'https://data.example.com/list.geojson');
    await user.selectOptions(screen.getByLabelText('Format'), 'geojson');
    await user.selectOptions(await screen.findByLabelText('Default category'), 'Defibrillators');
    const hours = screen.getByLabelText('Every how many hours');
    await user.clear(hours);
    await user.type(hours, '200');
    await user.click(screen.getByRole('button', { name: 'Add scheduled import' }));
    expect(screen.getByText('Enter a whole number from 1 to 168')).toBeVisible();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    await user.clear(hours);
    await user.type(hours, '12');
    await user.click(screen.getByRole('radio', { name: 'Places gone from the list are archived' }));
    await user.click(screen.getByRole('checkbox', { name: /Trusted source/ }));
    await user.click(screen.getByRole('button', { name: 'Add scheduled import' }));
    expect(await screen.findByTestId('import-source-added')).toHaveTextContent('“Partner list” added');
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      name: 'Partner list',
      url: 'https://data.example.com/list.geojson',
      format: 'geojson',
      category: 'defibrillator',
      everyHours: 12,
      onMissing: 'archive',
      trusted: true,
    });
    expect(await screen.findByTestId('import-source-row')).toHaveTextContent('Partner list');
  });

  it('shows an address the server refuses on the address field', async () => {
    fakeApi({
      'GET /api/v1/auth/me': admin,
      'GET /api/v1/categories': categories,
      'GET /api/v1/import-sources': { status: 200, body: { items: [] } },
      'POST /api/v1/import-sources': {
        status: 400,
        body: apiError('validation_error', 'Invalid input', [
          { path: 'url', code: 'invalid', message: 'Addresses on private networks are not allowed' },
        ]),
      },
    });
    const user = userEvent.setup();
    renderWithApp(<ImportPage />, { path: '/import' });
    await screen.findByText('No scheduled imports yet.');
    await user.type(screen.getByLabelText('Name'), 'Private');
    await user.type(screen.getByLabelText('Address of the list'), 'http://10.0.0.2/list.csv');
    await user.selectOptions(await screen.findByLabelText('Default category'), 'Defibrillators');
    await user.click(screen.getByRole('button', { name: 'Add scheduled import' }));
    expect(await screen.findByText(/^The site can’t fetch from this address/)).toBeVisible();
    expect(screen.getByLabelText('Address of the list')).toHaveFocus();
  });

  it('runs a source now and shows the new run when it is listed; deletes only once asked', async () => {
    let runs: ImportSourceRun[] = [];
    let items = [source({ id: 7 })];
    const calls = fakeApi({
      'GET /api/v1/auth/me': admin,
      'GET /api/v1/categories': categories,
      'GET /api/v1/import-sources': () => ({ status: 200, body: { items } }),
      'GET /api/v1/import-sources/7/runs': () => ({ status: 200, body: { items: runs } }),
      'POST /api/v1/import-sources/7/run': () => {
        runs = [run({ id: 9, startedAt: new Date().toISOString(), created: 5 })];
        return { status: 202, body: { jobId: 44 } };
      },
      'DELETE /api/v1/import-sources/7': () => {
        items = [];
        return { status: 204 };
      },
    });
    const user = userEvent.setup();
    renderWithApp(<ImportPage />, { path: '/import' });
    const row = await screen.findByTestId('import-source-row');
    await waitFor(() =>
      expect(within(row).getByTestId('import-source-last-run')).toHaveTextContent('Not run yet'),
    );
    await user.click(within(row).getByRole('button', { name: 'Run now' }));
    expect(await within(row).findByTestId('import-source-queued')).toBeVisible();
    await waitFor(
      () => expect(within(row).getByTestId('import-source-last-run')).toHaveTextContent('Imported'),
      {
        timeout: 5_000,
      },
    );
    await waitFor(() => expect(within(row).queryByTestId('import-source-queued')).toBeNull());

    await user.click(within(row).getByRole('button', { name: 'Delete' }));
    expect(within(row).getByText(/Delete “City defibrillators” and its runs/)).toBeVisible();
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    await user.click(within(row).getByTestId('confirm-delete-import-source'));
    expect(await screen.findByText('No scheduled imports yet.')).toBeVisible();
  });

  it('is not shown to a moderator, who imports by hand only', async () => {
    const calls = fakeApi({
      'GET /api/v1/auth/me': { status: 200, body: currentUser({ role: 'moderator' }) },
    });
    renderWithApp(<ImportPage />, { path: '/import' });
    expect(await screen.findByTestId('import-page')).toBeVisible();
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByText('Scheduled imports')).toBeNull();
    expect(calls.some((call) => call.path.startsWith('/api/v1/import-sources'))).toBe(false);
  });
});
