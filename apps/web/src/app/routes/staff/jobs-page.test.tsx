import type { JobList, JobSummary } from '@karta/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type ApiCall, apiError, type FakeAnswer, fakeApi } from '../../../testing/fake-api.ts';
import { currentUser } from '../../../testing/fixtures.ts';
import { renderWithApp } from '../../../testing/render.tsx';
import { JobsPage } from './jobs-page.tsx';

const NOW = Date.now();
const minutesFromNow = (minutes: number) => new Date(NOW + minutes * 60_000).toISOString();

function job(overrides: Partial<JobSummary>): JobSummary {
  return {
    id: 10,
    kind: 'mail.send',
    state: 'dead',
    attempts: 30,
    maxAttempts: 30,
    runAt: minutesFromNow(-60),
    createdAt: minutesFromNow(-1500),
    finishedAt: minutesFromNow(-5),
    lastError: 'Can’t send mail - all recipients were rejected: 550 <x@y.hr>: Recipient address rejected',
    leasedBy: 'web-1:4242',
    ...overrides,
  };
}

const counts = (changes: Partial<JobList['counts']> = {}): JobList['counts'] => ({
  queued: 2,
  failing: 1,
  running: 0,
  done: 40,
  dead: 1,
  ...changes,
});

const dead = job({});
const failing = job({
  id: 9,
  kind: 'import.geocode',
  state: 'failing',
  attempts: 2,
  maxAttempts: 8,
  runAt: minutesFromNow(3),
  finishedAt: null,
  lastError: 'geocoder answered 503',
});
const done = job({ id: 8, kind: 'digests', state: 'done', attempts: 1, maxAttempts: 1, lastError: null });
const unknown = job({
  id: 7,
  kind: 'reindex.places',
  state: 'queued',
  attempts: 0,
  finishedAt: null,
  lastError: null,
  leasedBy: null,
  runAt: minutesFromNow(0),
});

const admin = { status: 200, body: currentUser({ id: 1, role: 'admin' }) } as const;

function rowOf(id: number) {
  const row = screen.getAllByTestId('job-row').find((candidate) => candidate.dataset.jobId === String(id));
  if (!row) throw new Error(`No row for job ${id}`);
  return row;
}

const tabCount = (name: string) => screen.getByRole('link', { name: new RegExp(`^${name} \\(`) });

describe('JobsPage', () => {
  it('lists the jobs newest first: kind in words (or its code), state in words, attempts, times, error, instance', async () => {
    fakeApi({
      'GET /api/v1/auth/me': admin,
      'GET /api/v1/admin/jobs': {
        status: 200,
        body: { items: [dead, failing, done, unknown], counts: counts() },
      },
    });
    renderWithApp(<JobsPage />, { path: '/jobs' });
    const rows = await screen.findAllByTestId('job-row');
    expect(rows.map((row) => row.dataset.jobId)).toEqual(['10', '9', '8', '7']);
    expect(within(rowOf(10)).getByRole('heading', { level: 2 })).toHaveTextContent('Send an e-mail');
    expect(within(rowOf(10)).getByTestId('job-state')).toHaveTextContent('Dead');
    expect(within(rowOf(10)).getByTestId('job-attempts')).toHaveTextContent('30 of 30');
    expect(rowOf(10)).toHaveTextContent('Finished5 minutes ago');
    expect(rowOf(10)).toHaveTextContent('web-1:4242');
    expect(within(rowOf(10)).getByTestId('job-error')).toHaveTextContent(
      '550 <x@y.hr>: Recipient address rejected',
    );
    expect(within(rowOf(9)).getByRole('heading')).toHaveTextContent('Look up an import’s addresses');
    expect(within(rowOf(9)).getByTestId('job-state')).toHaveTextContent('Failing');
    expect(rowOf(9)).toHaveTextContent('Duein 3 minutes');
    expect(within(rowOf(9)).getByTestId('job-attempts')).toHaveTextContent('2 of 8');
    expect(within(rowOf(8)).getByRole('heading')).toHaveTextContent('Digests');
    expect(within(rowOf(7)).getByRole('heading')).toHaveTextContent('reindex.places');
    // Only dead and failing jobs can be run again.
    expect(
      screen
        .getAllByRole('button', { name: /^Run again/ })
        .map((button) => button.closest('li')?.dataset.jobId),
    ).toEqual(['10', '9']);
    expect(within(rowOf(10)).getByRole('button')).toHaveAccessibleName(/^Run again ?Send an e-mail, job 10$/);
    // Counts per state on the filter, "All" current.
    expect(tabCount('All')).toHaveAccessibleName('All (44)');
    expect(tabCount('All')).toHaveAttribute('aria-current', 'page');
    expect(tabCount('Done')).toHaveAccessibleName('Done (40)');
  });

  it('filters by the state in the address, links each state, and ignores a state it does not know', async () => {
    const calls = fakeApi({
      'GET /api/v1/auth/me': admin,
      'GET /api/v1/admin/jobs': { status: 200, body: { items: [dead], counts: counts() } },
    });
    renderWithApp(<JobsPage />, { path: '/jobs?state=dead' });
    await screen.findAllByTestId('job-row');
    expect(
      calls.filter((call) => call.path.startsWith('/api/v1/admin/jobs')).map((call) => call.path),
    ).toEqual(['/api/v1/admin/jobs?state=dead&limit=50']);
    expect(tabCount('Dead')).toHaveAttribute('aria-current', 'page');
    expect(tabCount('Failing')).toHaveAttribute('href', '/jobs?state=failing');
    expect(tabCount('All')).toHaveAttribute('href', '/jobs');
  });

  it('asks for every state when the address names none it knows', async () => {
    const calls = fakeApi({
      'GET /api/v1/auth/me': admin,
      'GET /api/v1/admin/jobs': { status: 200, body: { items: [], counts: counts({ dead: 0 }) } },
    });
    renderWithApp(<JobsPage />, { path: '/jobs?state=everything' });
    expect(await screen.findByText('No background jobs yet.')).toBeInTheDocument();
    expect(
      calls.filter((call) => call.path.startsWith('/api/v1/admin/jobs')).map((call) => call.path),
    ).toEqual(['/api/v1/admin/jobs?limit=50']);
  });

  it('loads more with `before` the last job shown', async () => {
    const page = Array.from({ length: 50 }, (_, index) =>
      job({ id: 200 - index, state: 'done', lastError: null }),
    );
    const calls = fakeApi({
      'GET /api/v1/auth/me': admin,
      'GET /api/v1/admin/jobs': (call) => ({
        status: 200,
        body: { items: call.path.includes('before=151') ? [done] : page, counts: counts() },
      }),
    });
    renderWithApp(<JobsPage />, { path: '/jobs?state=done' });
    await screen.findAllByTestId('job-row');
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByTestId('job-row')).toHaveLength(51));
    expect(calls.map((call) => call.path)).toContain('/api/v1/admin/jobs?state=done&before=151&limit=50');
    // The last page was short: nothing more to load.
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('runs a dead job again: says so, moves the focus there, and the list and counts reload', async () => {
    let retried = false;
    const calls = fakeApi({
      'GET /api/v1/auth/me': admin,
      'GET /api/v1/admin/jobs': () => ({
        status: 200,
        body: retried
          ? { items: [], counts: counts({ dead: 0, queued: 3 }) }
          : { items: [dead], counts: counts() },
      }),
      'POST /api/v1/admin/jobs/10/retry': () => {
        retried = true;
        return { status: 200, body: job({ state: 'queued', attempts: 0, finishedAt: null }) };
      },
    });
    renderWithApp(<JobsPage />, { path: '/jobs?state=dead' });
    await screen.findAllByTestId('job-row');
    expect(tabCount('Dead')).toHaveAccessibleName('Dead (1)');
    await userEvent.click(screen.getByRole('button', { name: /^Run again/ }));
    const notice = await screen.findByTestId('job-retried');
    expect(notice).toHaveTextContent('Send an e-mail (job 10) is queued to run again.');
    expect(notice).toHaveFocus();
    await waitFor(() => expect(tabCount('Dead')).toHaveAccessibleName('Dead (0)'));
    expect(tabCount('Queued')).toHaveAccessibleName('Queued (3)');
    expect(screen.queryAllByTestId('job-row')).toEqual([]);
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([
      '/api/v1/admin/jobs/10/retry',
    ]);
  });

  const refusals: [string, FakeAnswer, string, string][] = [
    [
      'no longer dead or failing (409)',
      { status: 409, body: apiError('conflict') },
      'en',
      'Job 10 is no longer dead or failing, so it wasn’t run again. The list shows where it is now.',
    ],
    [
      'gone (404)',
      { status: 404, body: apiError('not_found') },
      'en',
      'Job 10 no longer exists (finished jobs are deleted after a week).',
    ],
    [
      'rate limited (429)',
      { status: 429, body: apiError('rate_limited') },
      'en',
      'Too many requests. Please wait a moment and try again.',
    ],
    ['offline', 'offline', 'en', 'Can’t reach the server. Check your connection and try again.'],
    [
      'gone (404), in Croatian',
      { status: 404, body: apiError('not_found') },
      'hr',
      'Posao 10 više ne postoji (završeni poslovi brišu se nakon tjedan dana).',
    ],
  ];

  it.each(refusals)(
    'says why a retry failed: %s, and reloads the list',
    async (_name, answer, language, text) => {
      const calls = fakeApi({
        'GET /api/v1/auth/me': admin,
        'GET /api/v1/admin/jobs': { status: 200, body: { items: [dead], counts: counts() } },
        'POST /api/v1/admin/jobs/10/retry': answer,
      });
      renderWithApp(<JobsPage />, { path: '/jobs', language });
      const button = within(await screen.findByTestId('job-row')).getByRole('button');
      await userEvent.click(button);
      const error = await screen.findByTestId('job-retry-error');
      expect(error).toHaveTextContent(text);
      expect(error).toHaveFocus();
      const lists = (list: ApiCall[]) => list.filter((call) => call.path.startsWith('/api/v1/admin/jobs?'));
      await waitFor(() => expect(lists(calls)).toHaveLength(2));
    },
  );

  it('tells a moderator the page is for administrators, without asking for the jobs', async () => {
    const calls = fakeApi({
      'GET /api/v1/auth/me': { status: 200, body: currentUser({ role: 'moderator' }) },
    });
    renderWithApp(<JobsPage />, { path: '/jobs' });
    expect(await screen.findByTestId('staff-not-allowed')).toHaveTextContent(
      'Only administrators can use this page.',
    );
    expect(calls.some((call) => call.path.startsWith('/api/v1/admin/jobs'))).toBe(false);
  });
});
