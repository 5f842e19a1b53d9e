// @vitest-environment-options {"resources":"usable"}
// jsdom fetches <script src> here, so the real Google loader meets a real (local) script server.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { LOAD_TIMEOUT_MS } from '@karta/map-google';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { initSentry } from '../../../../lib/sentry/report-error.ts';
import { renderWithApp } from '../../../../testing/render.tsx';
import { replaceEngineLoader } from '../../engines/engine-registry.ts';
import { MapCanvas } from './map-canvas.tsx';
import type { MapCanvasProps } from './map-canvas-types.ts';

/** How the stand-in for Google's script server answers: an HTTP error, or a script that never calls back. */
type ScriptAnswer = 'error' | 'silent';

/** What the local server saw: script requests and Sentry events. */
const seen = {
  scripts: [] as URL[],
  events: [] as SentryEvent[],
};
let answer: ScriptAnswer = 'error';
let server: Server;
let origin = '';

interface SentryEvent {
  extra?: Record<string, unknown>;
  exception?: { values?: Array<{ type?: string; value?: string }> };
}

/** The event item of a Sentry envelope (newline-separated JSON: header, item header, item). */
function eventOf(envelope: string): SentryEvent | null {
  const lines = envelope.split('\n').filter(Boolean);
  for (let index = 1; index + 1 < lines.length; index += 2) {
    const header = JSON.parse(lines[index] ?? '{}') as { type?: string };
    if (header.type === 'event') return JSON.parse(lines[index + 1] ?? '{}') as SentryEvent;
  }
  return null;
}

async function body(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

beforeAll(async () => {
  server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (url.pathname === '/maps/api/js') {
      seen.scripts.push(url);
      if (answer === 'error') {
        response.writeHead(500).end('Internal Server Error');
      } else {
        response.writeHead(200, { 'content-type': 'text/javascript' }).end('// never calls back');
      }
      return;
    }
    if (url.pathname === '/api/1/envelope/') {
      const event = eventOf(await body(request));
      if (event) seen.events.push(event);
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      return;
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // The real reporter, sending to this server as it would to Sentry.
  await initSentry({
    dsn: `http://public@${origin.slice('http://'.length)}/1`,
    release: 'test',
    environment: 'test',
  });
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** The loader waits this long here instead of 5 s; the 5 s rule itself is the loader's own test. */
const TIME_OUT_MS = 400;
let timeoutMs = TIME_OUT_MS;

beforeEach(() => {
  answer = 'error';
  timeoutMs = TIME_OUT_MS;
  seen.scripts.length = 0;
  seen.events.length = 0;
  // The real Google engine (loader, adapter, failure sorting), with the script served from here.
  return replaceEngineLoader('google', (settings) =>
    import('../../engines/google-engine.ts').then((module) =>
      module.createGoogleEngine(settings.google, { url: `${origin}/maps/api/js`, timeoutMs }),
    ),
  );
});

function props(): MapCanvasProps {
  return {
    engine: 'google',
    engineSettings: {
      google: { apiKey: 'browser-key', clientId: null, version: 'weekly', libraries: ['geometry'] },
    },
    center: { lat: 45.8, lng: 16 },
    zoom: 10,
    minZoom: 2,
    maxZoom: 18,
    tileUrl: `${origin}/tiles/{z}/{x}/{y}.png`,
    tileAttribution: 'Tiles',
    language: 'en',
    labels: { cluster: (count) => `${count} places`, closeInfoWindow: 'Close' },
    label: 'Map of places',
  };
}

describe('MapCanvas on the Google engine, when Google does not load', () => {
  it('falls back to the open map at once on a script error, and reports it with the engine and duration', async () => {
    // Google's own 5 s: the error must not wait for it.
    timeoutMs = LOAD_TIMEOUT_MS;
    const started = performance.now();
    renderWithApp(<MapCanvas {...props()} />);
    expect(screen.getByText('Loading the map…')).toBeVisible();
    const error = await screen.findByTestId('map-error', {}, { timeout: LOAD_TIMEOUT_MS });
    const waited = performance.now() - started;
    expect(error).toHaveTextContent('Google Maps could not be loaded. Showing the open map instead.');
    expect(waited).toBeLessThan(LOAD_TIMEOUT_MS / 2);

    const map = screen.getByTestId('map');
    expect(map).toHaveAttribute('data-engine', 'leaflet');
    expect(map.querySelector('.leaflet-container')).not.toBeNull();

    await waitFor(() => expect(seen.events).toHaveLength(1));
    const [event] = seen.events;
    expect(event?.exception?.values?.[0]?.type).toBe('ScriptLoadError');
    expect(event?.extra?.mapEngine).toBe('google');
    expect(event?.extra?.durationMs).toEqual(expect.any(Number));
    expect(event?.extra?.durationMs).toBeLessThanOrEqual(waited);
  });

  it('says it took too long when the script never calls back, after the time-out', async () => {
    answer = 'silent';
    const started = performance.now();
    renderWithApp(<MapCanvas {...props()} />);
    const error = await screen.findByTestId('map-error', {}, { timeout: 3000 });
    expect(performance.now() - started).toBeGreaterThanOrEqual(TIME_OUT_MS);
    expect(error).toHaveTextContent('Google Maps took too long to load. Showing the open map instead.');
    expect(screen.getByTestId('map')).toHaveAttribute('data-engine', 'leaflet');

    await waitFor(() => expect(seen.events).toHaveLength(1));
    const [event] = seen.events;
    expect(event?.exception?.values?.[0]?.value).toBe('Loading took too long');
    expect(event?.extra?.mapEngine).toBe('google');
    expect(event?.extra?.durationMs).toBeGreaterThanOrEqual(TIME_OUT_MS);
  });

  it('Retry removes the open map and requests the script again', async () => {
    renderWithApp(<MapCanvas {...props()} />);
    await screen.findByTestId('map-error');
    const map = screen.getByTestId('map');
    const standIn = map.querySelector('.leaflet-container');
    expect(seen.scripts).toHaveLength(1);

    answer = 'silent';
    await userEvent.click(screen.getByTestId('map-retry'));
    expect(standIn?.isConnected).toBe(false);
    expect(map).toHaveAttribute('data-engine', 'google');
    expect(screen.getByText('Loading the map…')).toBeVisible();
    await waitFor(() => expect(seen.scripts).toHaveLength(2));

    // This time the script came but never called back: the other message, and the open map again.
    expect(await screen.findByTestId('map-error', {}, { timeout: 3000 })).toHaveTextContent(
      'Google Maps took too long to load',
    );
    expect(map).toHaveAttribute('data-engine', 'leaflet');
    expect(map.querySelectorAll('.leaflet-container')).toHaveLength(1);
  });

  // Last: Sentry drops an event identical to the one before it, which would hide the next test's report.
  it('asks for the script with the configured settings and the UI language', async () => {
    renderWithApp(<MapCanvas {...props()} language="hr" />, { language: 'hr' });
    await screen.findByTestId('map-error');
    const [script] = seen.scripts;
    expect(script?.searchParams.get('key')).toBe('browser-key');
    expect(script?.searchParams.get('client')).toBeNull();
    expect(script?.searchParams.get('v')).toBe('weekly');
    expect(script?.searchParams.get('libraries')).toBe('geometry');
    expect(script?.searchParams.get('language')).toBe('hr');
  });
});
