import type { ClusterItem, MapAdapter, MapAdapterOptions } from '@karta/map-core';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { i18n as I18n } from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ErrorBoundary } from '../components/error-boundary.tsx';
import { replaceEngineLoader } from '../features/map/engines/engine-registry.ts';
import { noteAnswer, noteNoAnswer } from '../lib/connectivity.ts';
import { createI18n } from '../lib/i18n/i18n.ts';
import { storeLanguage } from '../lib/i18n/language-storage.ts';
import { offerUpdate } from '../lib/pwa/update-state.ts';
import { apiError, type FakeAnswer, fakeApi } from '../testing/fake-api.ts';
import { currentUser, listedPlace, photoRecord, testConfig } from '../testing/fixtures.ts';
import { firstViewTestMessages } from '../testing/messages.ts';
import { createTestQueryClient, renderWithApp } from '../testing/render.tsx';
import { App } from './app.tsx';

// The first view never ends here: nothing is fetched "when idle after it", the rest of the
// messages included, so every message these screens show must be in the first view's part.
vi.mock('../lib/after-first-view.ts', () => ({ whenIdleAfterFirstView: () => () => {} }));

/**
 * An instance holding only the first view's messages, and the keys it was asked for and lacked
 * (i18next reports those only when told to save missing keys; it then calls the handler).
 */
function firstViewI18n(language: string): { i18n: I18n; missing: Set<string> } {
  const i18n = createI18n(language, firstViewTestMessages(language));
  const missing = new Set<string>();
  i18n.options.saveMissing = true;
  i18n.options.missingKeyHandler = (_languages, _namespace, key) => missing.add(key);
  return { i18n, missing };
}

/** A map engine that draws nothing, and labels its clusters as an engine does. */
class FakeMap implements MapAdapter {
  readonly engine = 'leaflet';
  readonly labelLanguage = null;
  infoWindow: HTMLElement | null = null;
  constructor(readonly options: MapAdapterOptions) {}
  getViewport = () => ({
    center: this.options.center,
    zoom: this.options.zoom,
    bounds: { west: 15.9, south: 45.75, east: 16.05, north: 45.85 },
  });
  setView = () => {};
  fitBounds = () => {};
  setClusters = (clusters: readonly ClusterItem[]) => {
    for (const cluster of clusters) this.options.labels.cluster(cluster.count);
  };
  setMarkers = () => {};
  setCircles = () => {};
  setPicker = () => {};
  openInfoWindow = (_position: unknown, content: HTMLElement) => {
    this.infoWindow = content;
  };
  closeInfoWindow = () => {
    this.infoWindow = null;
  };
  setLabels = () => {};
  destroy = () => {};
}

const maps: FakeMap[] = [];

beforeEach(() =>
  replaceEngineLoader('leaflet', async () => ({
    create: async (options) => {
      const map = new FakeMap(options);
      maps.push(map);
      options.events.onViewportChange(map.getViewport());
      return map;
    },
    failureOf: () => 'failed',
  })),
);

afterEach(() => {
  maps.length = 0;
  act(() => noteAnswer(new Response('{}')));
  window.history.replaceState(null, '', '/');
  window.localStorage.clear();
});

const HOURS = { state: 'open', nextChange: '2026-11-27T16:00:00.000Z', until: '2026-11-27T16:00:00.000Z' };
// Reported closed today by a visitor: its info window and row say so in first-view messages.
const place = listedPlace({
  stale: true,
  openState: { ...HOURS, comment: null } as never,
  statusNote: {
    id: 1,
    text: 'No water today',
    effect: 'closed_now',
    createdAt: new Date(Date.now() - 3_600_000).toISOString(),
    expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
    authorName: 'Ana',
  },
});
const places = [
  place,
  listedPlace({
    id: 43,
    name: { en: 'Night shelter' },
    openState: { state: 'closed', nextChange: '2026-11-30T07:00:00.000Z', until: null, comment: null },
  }),
];

/** The API of a site that sends e-mail, a staff member whose address is not confirmed yet, and two places. */
function siteAnswers(overrides: Record<string, FakeAnswer> = {}) {
  return fakeApi({
    'GET /api/v1/config': { status: 200, body: testConfig({ mail: true }) },
    'GET /api/v1/auth/me': { status: 200, body: currentUser({ role: 'admin', emailVerified: false }) },
    'GET /api/v1/categories': {
      status: 200,
      body: {
        items: [
          {
            id: 1,
            slug: 'pharmacy',
            name: { en: 'Pharmacy', hr: 'Ljekarna' },
            color: '#b91c1c',
            icon: 'pill',
          },
        ],
      },
    },
    'GET /api/v1/map': {
      status: 200,
      body: {
        clusters: [
          {
            id: 'c1',
            lat: 45.79,
            lng: 15.95,
            count: 12,
            tier: 2,
            bounds: { west: 15.94, south: 45.78, east: 15.96, north: 45.8 },
          },
        ],
        places: places.map(({ id, lat, lng, category, name, radius, locationPrivacy, stale }) => ({
          id,
          lat,
          lng,
          category,
          name: name.en,
          radius,
          locationPrivacy,
          stale,
        })),
      },
    },
    'GET /api/v1/places': {
      status: 200,
      body: { items: places, total: places.length, totalIsLowerBound: false, nextCursor: null },
    },
    'GET /api/v1/places/42': { status: 200, body: place },
    'GET /api/v1/places/42/photos': { status: 200, body: { items: [photoRecord(1), photoRecord(2)] } },
    'POST /api/v1/auth/verify-email/resend': {
      status: 429,
      body: apiError('rate_limited', 'Slow down', { retryAfterSeconds: 30 }),
    },
    ...overrides,
  });
}

/**
 * The whole app at `path` as main.tsx starts it, in `language` (the reader's choice, so the
 * config does not switch it), with only the first view's messages.
 */
function renderApp(path: string, language: string) {
  window.history.replaceState(null, '', path);
  storeLanguage(language);
  const { i18n, missing } = firstViewI18n(language);
  render(<App i18n={i18n} queryClient={createTestQueryClient()} />);
  return { missing };
}

describe.each(['en', 'hr'])('the first view’s messages (%s) hold every message', (language) => {
  it('of the home page and the frame around it, until a dialog that needs the rest has them', async () => {
    siteAnswers();
    const user = userEvent.setup();
    const { missing } = renderApp('/?lat=45.8&lng=15.98&z=13&place=42', language);
    await screen.findByTestId('verify-email-banner');
    await waitFor(() => expect(screen.getAllByTestId('place-list-item')).toHaveLength(2));
    // The place's info window, with its photos, drawn by the engine from the app's content.
    await waitFor(() => expect(maps.at(-1)?.infoWindow?.textContent).toContain(place.name[language]));
    await waitFor(() =>
      expect(within(maps.at(-1)?.infoWindow as HTMLElement).getByTestId('info-photo')).toBeTruthy(),
    );

    await user.click(screen.getByTestId('user-menu-button'));
    await user.click(screen.getByTestId('resend-verification'));
    await waitFor(() => expect(screen.getByTestId('resend-verification-status')).not.toBeEmptyDOMElement());
    act(() => noteNoAnswer());
    act(() => offerUpdate(() => new Promise(() => {})));
    expect(screen.getByTestId('offline-banner')).toBeInTheDocument();
    expect(await screen.findByTestId('update-prompt')).toBeInTheDocument();
    await user.click(screen.getByTestId('share-button'));
    await user.keyboard('{Escape}');
    // Reaching for the search field brings its combobox.
    await user.click(within(screen.getByRole('search')).getByRole('textbox'));
    await waitFor(() => expect(within(screen.getByRole('search')).getByRole('combobox')).toBeInTheDocument());
    expect([...missing]).toEqual([]);

    // The follow dialog's messages are not the first view's: it waits for them.
    await user.click(screen.getByTestId('follow-area'));
    await screen.findByRole('dialog');
    expect([...missing]).toEqual([]);
  });

  it('of a visitor’s header and the page for an address that is not there', async () => {
    siteAnswers({ 'GET /api/v1/auth/me': { status: 200, body: null } });
    const { missing } = renderApp('/no-such-page', language);
    await screen.findByTestId('sign-in-link');
    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
    expect([...missing]).toEqual([]);
  });

  it('of the loading line of a page that loads later', async () => {
    siteAnswers();
    const { missing } = renderApp('/places/42', language);
    await screen.findByTestId('verify-email-banner');
    expect(screen.getAllByRole('status').length).toBeGreaterThan(0);
    expect([...missing]).toEqual([]);
  });

  it('of the map alone in another site’s frame', async () => {
    siteAnswers();
    const { missing } = renderApp(`/embed?lat=45.8&lng=15.98&z=13&place=42&lang=${language}`, language);
    await screen.findByTestId('view-on-karta');
    await waitFor(() => expect(maps.at(-1)?.infoWindow?.textContent).toContain(place.name[language]));
    expect([...missing]).toEqual([]);
  });

  it('of the start-up screen when the configuration cannot be loaded', async () => {
    siteAnswers({ 'GET /api/v1/config': { status: 503, body: apiError('database_unavailable') } });
    const { missing } = renderApp('/', language);
    await screen.findByRole('alert', {}, { timeout: 5000 });
    expect([...missing]).toEqual([]);
  });

  it('of the page that replaces one that failed', () => {
    const { i18n, missing } = firstViewI18n(language);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    function Failing(): never {
      throw new Error('broken');
    }
    renderWithApp(
      <ErrorBoundary>
        <Failing />
      </ErrorBoundary>,
      { i18n },
    );
    expect(screen.getByRole('alert')).toBeInTheDocument();
    expect([...missing]).toEqual([]);
    vi.mocked(console.error).mockRestore();
  });
});
