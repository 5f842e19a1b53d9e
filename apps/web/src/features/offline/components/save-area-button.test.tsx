import 'fake-indexeddb/auto';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiError, fakeApi } from '../../../testing/fake-api.ts';
import { testConfig } from '../../../testing/fixtures.ts';
import { renderWithApp } from '../../../testing/render.tsx';
import { useSaveArea } from '../hooks/use-save-area.ts';
import { BUSY_RETRIES } from '../pack/busy-retry.ts';
import { SaveAreaButton, SaveAreaStatus } from './save-area-button.tsx';

const VIEW = { west: 15.9, south: 45.75, east: 16.05, north: 45.85 };

function SaveThisView() {
  const saving = useSaveArea(VIEW);
  return (
    <>
      <SaveAreaButton saving={saving} />
      <SaveAreaStatus saving={saving} />
    </>
  );
}

const busy = { status: 503, body: apiError('server_busy', 'Busy', { retryAfterSeconds: 2 }) };
const pack = {
  status: 200,
  body: {
    bbox: VIEW,
    savedAt: '2026-11-28T10:00:00.000Z',
    horizon: '2026-12-05T10:00:00.000Z',
    places: [],
    categories: [],
    hours: [],
    towns: [],
    townsAttribution: '',
  },
};

/** Real time, for the answers' own work (reading them) while the waits between tries are faked. */
const realTimeout = globalThis.setTimeout;

/**
 * Presses "Save offline" and lets the waits between tries pass, a tenth of a second at a time,
 * until the page says how it went.
 */
async function save() {
  fireEvent.click(screen.getByTestId('save-offline-area'));
  const status = screen.getByTestId('save-offline-status');
  for (let step = 0; step < 400 && /^$|…/.test(status.textContent ?? ''); step += 1) {
    await act(() => vi.advanceTimersByTimeAsync(100));
    await new Promise((resume) => realTimeout(resume, 2));
  }
}

// Loaded now: the button loads it on its first press, which fake timers would hold up.
beforeAll(async () => {
  await import('../pack/save-area.ts');
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('saving the view while the server is busy with other areas', () => {
  it('asks again as the server says and saves the area once it is built', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    let asked = 0;
    const calls = fakeApi({
      'GET /api/v1/offline-pack': () => (++asked <= 2 ? busy : pack),
      'GET /api/v1/config': { status: 200, body: testConfig() },
    });
    renderWithApp(<SaveThisView />);
    await save();
    expect(calls.filter((call) => call.path.startsWith('/api/v1/offline-pack'))).toHaveLength(3);
    expect(screen.getByTestId('save-offline-status')).toHaveTextContent(/^Saved 0 places/);
  });

  it('says why in the reader’s language once the server stays busy', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    const calls = fakeApi({
      'GET /api/v1/offline-pack': busy,
      'GET /api/v1/config': { status: 200, body: testConfig() },
    });
    renderWithApp(<SaveThisView />, { language: 'hr' });
    await save();
    expect(calls.filter((call) => call.path.startsWith('/api/v1/offline-pack'))).toHaveLength(
      BUSY_RETRIES + 1,
    );
    expect(screen.getByTestId('save-offline-status')).toHaveTextContent(
      'Područje nije spremljeno: Upravo se sprema mnogo područja. Pokušajte ponovno za minutu.',
    );
  });
});
