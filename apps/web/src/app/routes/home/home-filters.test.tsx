import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { drawWithFakeLeaflet } from '../../../features/map/testing/fake-map.ts';
import { createI18n } from '../../../lib/i18n/i18n.ts';
import { storeLanguage } from '../../../lib/i18n/language-storage.ts';
import { type ApiCall, fakeApi } from '../../../testing/fake-api.ts';
import { defibrillatorCategory, listedPlace, testConfig } from '../../../testing/fixtures.ts';
import { testMessages } from '../../../testing/messages.ts';
import { createTestQueryClient } from '../../../testing/render.tsx';
import { App } from '../../app.tsx';

beforeEach(() => {
  drawWithFakeLeaflet();
});

afterEach(() => {
  window.history.replaceState(null, '', '/');
  window.localStorage.clear();
});

const defibrillator = defibrillatorCategory();
const pharmacy = {
  id: 1,
  slug: 'pharmacy',
  name: { en: 'Pharmacy', hr: 'Ljekarna' },
  color: '#15803d',
  icon: 'pill',
  fields: [{ key: 'on_duty', type: 'boolean', label: { en: 'On duty today' }, filterable: true }],
  removedFields: [],
};

const shelter = {
  id: 2,
  slug: 'shelter',
  name: { en: 'Shelter', hr: 'Sklonište' },
  color: '#6d28d9',
  icon: 'house',
  fields: [],
  removedFields: [],
};

/** How many places a list answers for its query: fewer with every field filter, as a server would. */
function totalFor(query: URLSearchParams): number {
  return 40 - [...query.keys()].filter((name) => name.startsWith('f.')).length * 15;
}

/** The API of a site with two categories that have fields; the list's total follows its filters. */
function siteAnswers() {
  return fakeApi({
    'GET /api/v1/config': { status: 200, body: testConfig() },
    'GET /api/v1/auth/me': { status: 200, body: null },
    'GET /api/v1/categories': { status: 200, body: { items: [pharmacy, defibrillator, shelter] } },
    'GET /api/v1/map': { status: 200, body: { clusters: [], places: [] } },
    'GET /api/v1/places': (call) => ({
      status: 200,
      body: {
        items: [listedPlace({ category: 'defibrillator' })],
        total: totalFor(new URL(call.path, 'http://karta.test').searchParams),
        totalIsLowerBound: false,
        nextCursor: null,
      },
    }),
  });
}

function renderHome(search: string) {
  window.history.replaceState(null, '', `/${search}`);
  storeLanguage('en');
  render(<App i18n={createI18n('en', testMessages('en'))} queryClient={createTestQueryClient()} />);
  return userEvent.setup();
}

/** The field filters of the last request to `path`, as sent. */
function lastFilters(calls: ApiCall[], path: string): string[] {
  const call = calls.filter((candidate) => candidate.path.startsWith(`${path}?`)).at(-1);
  const query = new URL(call?.path ?? '/', 'http://karta.test').searchParams;
  return [...query].filter(([name]) => name.startsWith('f.')).map(([name, value]) => `${name}=${value}`);
}

const address = () => new URLSearchParams(window.location.search);

describe('field filters on the home page', () => {
  it('writes the filters chosen to the address bar, and the map and the list ask for them; the panel counts the list', async () => {
    const calls = siteAnswers();
    const user = renderHome('?lat=45.8&lng=15.98&z=13&cat=defibrillator');
    await user.click(await screen.findByTestId('field-filters-button'));
    const panel = await screen.findByRole('region', { name: 'Filter by details' });
    await waitFor(() =>
      expect(within(panel).getByTestId('field-filters-count')).toHaveTextContent('40 places in view'),
    );

    await user.click(
      within(within(panel).getByRole('group', { name: 'Access' })).getByRole('button', { name: 'Public' }),
    );
    await user.click(
      within(within(panel).getByRole('group', { name: 'Indoor' })).getByRole('button', { name: 'Yes' }),
    );

    await waitFor(() => expect(address().get('f.indoor')).toBe('true'));
    expect(address().get('f.access')).toBe('yes');
    expect(address().get('cat')).toBe('defibrillator');
    await waitFor(() => expect(lastFilters(calls, '/api/v1/map')).toEqual(['f.access=yes', 'f.indoor=true']));
    expect(lastFilters(calls, '/api/v1/places')).toEqual(['f.access=yes', 'f.indoor=true']);
    // The count the panel shows is the list's for the same filters and view, as the heading says it.
    await waitFor(() =>
      expect(within(panel).getByTestId('field-filters-count')).toHaveTextContent('10 places in view'),
    );
    expect(within(panel).getByTestId('field-filters-count')).toHaveAttribute('data-total', '10');
    expect(screen.getByTestId('place-count')).toHaveTextContent('10 places in view');
  });

  it('reads the filters of a link: the requests hold them, the badge counts them, Share passes them on', async () => {
    const calls = siteAnswers();
    const user = renderHome('?lat=45.8&lng=15.98&z=13&cat=defibrillator&f.access=yes&f.indoor=true');
    const button = await screen.findByTestId('field-filters-button');
    expect(button).toHaveAccessibleName('Filters, 2 active');
    await waitFor(() => expect(lastFilters(calls, '/api/v1/map')).toEqual(['f.access=yes', 'f.indoor=true']));
    expect(lastFilters(calls, '/api/v1/places')).toEqual(['f.access=yes', 'f.indoor=true']);
    expect(
      within(screen.getByTestId('active-field-filters'))
        .getAllByRole('button')
        .map((chip) => chip.textContent),
    ).toEqual(['Access: Public', 'Indoor: Yes']);

    // The download holds what the list holds.
    const csv = new URL(
      (await screen.findByTestId('export-csv')).getAttribute('href') ?? '',
      'http://karta.test',
    );
    expect(csv.searchParams.get('f.access')).toBe('yes');
    expect(csv.searchParams.get('f.indoor')).toBe('true');

    await user.click(screen.getByTestId('share-button'));
    const link = new URL(((await screen.findByTestId('share-link')) as HTMLInputElement).value);
    expect(link.searchParams.get('f.access')).toBe('yes');
    expect(link.searchParams.get('f.indoor')).toBe('true');
    const code = (screen.getByTestId('embed-code') as HTMLTextAreaElement).value;
    expect(code).toContain(
      '/embed?lat=45.8&amp;lng=15.98&amp;z=13&amp;cat=defibrillator&amp;f.access=yes&amp;f.indoor=true',
    );
  });

  it('drops the filters of fields no longer offered when the categories change, in the same step', async () => {
    const calls = siteAnswers();
    const user = renderHome('?lat=45.8&lng=15.98&z=13&cat=defibrillator&f.indoor=true');
    await screen.findByTestId('field-filters-button');
    await user.click(
      within(screen.getByRole('group', { name: 'Filter by category' })).getByRole('button', {
        name: /Pharmacy/,
      }),
    );
    await waitFor(() => expect(address().get('cat')).toBe('defibrillator,pharmacy'));
    // Both categories: the defibrillator's field is still offered.
    expect(address().get('f.indoor')).toBe('true');
    const steps = window.history.length;
    await user.click(
      within(screen.getByRole('group', { name: 'Filter by category' })).getByRole('button', {
        name: /Defibrillator/,
      }),
    );
    await waitFor(() => expect(address().get('cat')).toBe('pharmacy'));
    expect(address().has('f.indoor')).toBe(false);
    // One step Back returns to the defibrillators with their filter.
    expect(window.history.length).toBe(steps + 1);
    await waitFor(() => expect(lastFilters(calls, '/api/v1/places')).toEqual([]));
    expect(screen.getByTestId('field-filters-button')).toHaveAccessibleName('Filters');
  });

  it('leaves out a link’s filter that no chosen category offers, says so, and keeps the rest', async () => {
    const calls = siteAnswers();
    renderHome('?lat=45.8&lng=15.98&z=13&cat=defibrillator&f.access=yes&f.colour=red');
    await waitFor(() => expect(address().has('f.colour')).toBe(false));
    expect(address().get('f.access')).toBe('yes');
    expect(
      await screen.findByText('This link had a filter that is no longer offered; it was left out.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(lastFilters(calls, '/api/v1/map')).toEqual(['f.access=yes']));
    expect(
      calls.some((call) => call.path.includes('f.colour') && call.path.startsWith('/api/v1/places?')),
    ).toBe(false);
  });

  it('offers "Clear filters" where the filters leave no place in view', async () => {
    fakeApi({
      'GET /api/v1/config': { status: 200, body: testConfig() },
      'GET /api/v1/auth/me': { status: 200, body: null },
      'GET /api/v1/categories': { status: 200, body: { items: [pharmacy, defibrillator, shelter] } },
      'GET /api/v1/map': { status: 200, body: { clusters: [], places: [] } },
      'GET /api/v1/places': (call) => {
        const filtered = call.path.includes('f.');
        return {
          status: 200,
          body: {
            items: filtered ? [] : [listedPlace({ category: 'defibrillator' })],
            total: filtered ? 0 : 1,
            totalIsLowerBound: false,
            nextCursor: null,
          },
        };
      },
    });
    const user = renderHome('?lat=45.8&lng=15.98&z=13&cat=defibrillator&f.access=private');
    await user.click(await screen.findByTestId('empty-clear-field-filters'));
    await waitFor(() => expect(address().has('f.access')).toBe(false));
    expect(address().get('cat')).toBe('defibrillator');
    await waitFor(() => expect(screen.getAllByTestId('place-list-item')).toHaveLength(1));
  });
});
