import type { MapAdapterOptions } from '@karta/map-core';
import { render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { drawWithFakeLeaflet } from '../../../features/map/testing/fake-map.ts';
import { createI18n } from '../../../lib/i18n/i18n.ts';
import { storeLanguage } from '../../../lib/i18n/language-storage.ts';
import { fakeApi } from '../../../testing/fake-api.ts';
import { defibrillatorCategory, listedPlace, testConfig } from '../../../testing/fixtures.ts';
import { testMessages } from '../../../testing/messages.ts';
import { createTestQueryClient } from '../../../testing/render.tsx';
import { App } from '../../app.tsx';

let made: MapAdapterOptions[] = [];

beforeEach(() => {
  made = drawWithFakeLeaflet();
  fakeApi({
    'GET /api/v1/config': { status: 200, body: testConfig() },
    'GET /api/v1/auth/me': { status: 200, body: null },
    'GET /api/v1/categories': { status: 200, body: { items: [defibrillatorCategory()] } },
    'GET /api/v1/map': { status: 200, body: { clusters: [], places: [] } },
    'GET /api/v1/places': {
      status: 200,
      body: {
        items: [listedPlace({ id: 31, category: 'defibrillator' })],
        total: 1,
        totalIsLowerBound: false,
        nextCursor: null,
      },
    },
  });
});

afterEach(() => {
  window.history.replaceState(null, '', '/');
  window.localStorage.clear();
  // The page's own answer, set by renderEmbed, goes: the prototype's (jsdom's) is back.
  Reflect.deleteProperty(document, 'fullscreenEnabled');
});

function renderEmbed(search: string, { fullscreen = true } = {}) {
  Object.defineProperty(document, 'fullscreenEnabled', { configurable: true, get: () => fullscreen });
  window.history.replaceState(null, '', `/embed${search}`);
  storeLanguage('en');
  render(<App i18n={createI18n('en', testMessages('en'))} queryClient={createTestQueryClient()} />);
}

describe('the embed page’s options', () => {
  it('is the plain map at 400 px without options: no list, no fullscreen, no "Propose a place", free to move', async () => {
    renderEmbed('?lat=45.8&lng=15.98&z=13');
    const embed = await screen.findByTestId('embed');
    expect(embed.style.height).toBe('400px');
    await waitFor(() => expect(made).toHaveLength(1));
    expect(made[0]?.keepToStartArea).toBeFalsy();
    expect(screen.getByTestId('view-on-karta')).toBeInTheDocument();
    expect(screen.queryByTestId('embed-list')).toBeNull();
    expect(screen.queryByTestId('embed-fullscreen')).toBeNull();
    expect(screen.queryByTestId('embed-propose')).toBeNull();
  });

  it('takes its height, list, fullscreen button, "Propose a place" and fixed area from its URL, and keeps them as the map moves', async () => {
    renderEmbed('?lat=45.8&lng=15.98&z=13&cat=defibrillator&h=600&list=1&fs=1&propose=1&fixed=1');
    const embed = await screen.findByTestId('embed');
    expect(embed.style.height).toBe('600px');
    const list = await screen.findByTestId('embed-list');
    expect(within(list).getByRole('heading', { name: 'Places in view' })).toBeInTheDocument();
    expect(await within(list).findByTestId('place-list')).toBeInTheDocument();
    expect(screen.getByTestId('embed-fullscreen')).toHaveTextContent('Full screen');
    await waitFor(() => expect(made).toHaveLength(1));
    expect(made[0]?.keepToStartArea).toBe(true);

    const propose = screen.getByTestId('embed-propose');
    expect(propose).toHaveAttribute('target', '_blank');
    const href = new URL(propose.getAttribute('href') ?? '');
    expect(href.pathname).toBe('/propose');
    expect(Object.fromEntries(href.searchParams)).toEqual({
      lat: '45.8',
      lng: '15.98',
      z: '13',
      pin: '1',
      cat: 'defibrillator',
    });
    // Not framed here: no embedder to record.
    expect(href.searchParams.has('from')).toBe(false);

    // The map reported its view: the URL keeps the options beside it.
    const kept = new URLSearchParams(window.location.search);
    expect(
      Object.fromEntries(['h', 'list', 'fs', 'propose', 'fixed'].map((name) => [name, kept.get(name)])),
    ).toEqual({
      h: '600',
      list: '1',
      fs: '1',
      propose: '1',
      fixed: '1',
    });
  });

  it('hides the fullscreen button where the browser does not offer fullscreen, and ignores a height out of range', async () => {
    renderEmbed('?lat=45.8&lng=15.98&z=13&fs=1&h=2000', { fullscreen: false });
    const embed = await screen.findByTestId('embed');
    expect(embed.style.height).toBe('400px');
    await screen.findByTestId('view-on-karta');
    expect(screen.queryByTestId('embed-fullscreen')).toBeNull();
  });
});
