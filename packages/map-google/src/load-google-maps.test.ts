// @vitest-environment jsdom
// @vitest-environment-options {"resources":"usable","runScripts":"dangerously"}
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

type Loader = typeof import('./load-google-maps.ts');
type ScriptScope = Record<string, unknown> & { google?: { maps?: object } };
type JsdomError = Error & { type?: string };
type JsdomListener = (error: JsdomError) => void;
/** The parts of the JSDOM instance Vitest exposes as `jsdom` that these tests use. */
interface JsdomInstance {
  window: typeof window;
  virtualConsole: {
    listeners(event: 'jsdomError'): JsdomListener[];
    removeAllListeners(event: 'jsdomError'): void;
    on(event: 'jsdomError', listener: JsdomListener): void;
  };
}

/** Taken before any test fakes the timers: the server's delays stay real. */
const realSetTimeout = globalThis.setTimeout;
const SLOW_MS = 1000;
const CALLBACK_NAME = /^__kartaGoogleMapsLoaded\d+$/;

/**
 * Vitest's jsdom environment copies jsdom's window onto Node's global, but the scripts jsdom runs see
 * jsdom's own window. In a browser both are one object, so here `window` is made jsdom's for the loader.
 */
const { jsdom } = globalThis as unknown as { jsdom: JsdomInstance };
const jsdomWindow = jsdom.window;
const nodeWindow = globalThis.window;
const scope = () => window as unknown as ScriptScope;

/** Each request the server answered: its path and query, in order. */
const requests: URL[] = [];
let served = 0;
let server: Server;
let base: string;

/** Like Google's JSONP: defines `google.maps` (a new object per request) and calls the callback in the URL. */
function mapsScript(url: URL, callsBack = true): string {
  served += 1;
  const callback = url.searchParams.get('callback');
  const call = callsBack && callback ? `window[${JSON.stringify(callback)}]();` : '';
  return `window.google = { maps: { served: ${served} } };\n${call}\n`;
}

/** jsdom's own error logging, restored after the file. */
const jsdomErrorLoggers = jsdom.virtualConsole.listeners('jsdomError');

beforeAll(async () => {
  // jsdom logs every failed script load, and these tests fail loads on purpose: only those logs are dropped.
  jsdom.virtualConsole.removeAllListeners('jsdomError');
  jsdom.virtualConsole.on('jsdomError', (error) => {
    if (error.type !== 'resource-loading') for (const log of jsdomErrorLoggers) log(error);
  });
  server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    requests.push(url);
    const answer = (body: string) => {
      response.writeHead(200, { 'content-type': 'text/javascript' });
      response.end(body);
    };
    switch (url.pathname) {
      case '/maps':
        return answer(mapsScript(url));
      case '/empty':
        return answer('');
      case '/broken':
        response.writeHead(500, { 'content-type': 'text/plain' });
        return response.end('Internal Server Error');
      case '/reset':
        return request.socket.destroy();
      case '/slow':
        return void realSetTimeout(() => answer(mapsScript(url)), SLOW_MS);
      case '/no-callback':
        return answer(mapsScript(url, false));
      case '/callback-only':
        return answer(`window[${JSON.stringify(url.searchParams.get('callback'))}]();`);
      default:
        response.writeHead(404);
        return response.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  jsdom.virtualConsole.removeAllListeners('jsdomError');
  for (const log of jsdomErrorLoggers) jsdom.virtualConsole.on('jsdomError', log);
  await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
});

let loader: Loader;

beforeEach(async () => {
  globalThis.window = jsdomWindow;
  // A fresh module: no load under way, no language, callback numbers from 1.
  vi.resetModules();
  loader = await import('./load-google-maps.ts');
});

afterEach(() => {
  vi.useRealTimers();
  for (const script of document.querySelectorAll('script')) script.remove();
  for (const name of Object.keys(scope())) {
    if (name === 'google' || CALLBACK_NAME.test(name)) delete scope()[name];
  }
  globalThis.window = nodeWindow;
  requests.length = 0;
});

const scripts = () => [...document.querySelectorAll('script')];
const url = (path: string) => `${base}${path}`;

/** The one script the loader added (fails if there is not exactly one). */
function addedScript(): HTMLScriptElement {
  const all = scripts();
  expect(all).toHaveLength(1);
  return all[0] as HTMLScriptElement;
}

/** Resolves when the script has run (`load`) or failed to arrive (`error`). */
function scriptEvent(script: HTMLScriptElement): Promise<'load' | 'error'> {
  return new Promise((resolve) => {
    script.addEventListener('load', () => resolve('load'), { once: true });
    script.addEventListener('error', () => resolve('error'), { once: true });
  });
}

/** The outcome of a promise, readable without awaiting it. */
function watch<T>(promise: Promise<T>) {
  const state: { settled: boolean; value?: T; error?: unknown } = { settled: false };
  promise.then(
    (value) => Object.assign(state, { settled: true, value }),
    (error: unknown) => Object.assign(state, { settled: true, error }),
  );
  return state;
}

/** Resolves after the tasks already queued, so "at once" means before any of them. */
const nextTask = () => new Promise<'later'>((resolve) => realSetTimeout(() => resolve('later'), 0));

describe('loadGoogleMaps', () => {
  it('adds nothing until it is called, then one async script in the head', async () => {
    await nextTask();
    expect(scripts()).toHaveLength(0);
    expect(requests).toHaveLength(0);

    const loading = loader.loadGoogleMaps({ url: url('/maps') });
    const script = addedScript();
    expect(script.parentNode).toBe(document.head);
    expect(script.hasAttribute('async')).toBe(true);
    expect(new URL(script.src).pathname).toBe('/maps');
    await loading;
    expect(requests.map((request) => request.pathname)).toEqual(['/maps']);
  });

  it('sends key, client, language, v, libraries and the name of a callback it installed', async () => {
    const maps = await loader.loadGoogleMaps({
      url: url('/maps'),
      key: 'test-key',
      client: 'gme-karta',
      language: 'hr',
      version: 'weekly',
      libraries: ['marker', 'geometry'],
    });

    expect(requests).toHaveLength(1);
    const query = Object.fromEntries((requests[0] as URL).searchParams);
    expect(query).toEqual({
      key: 'test-key',
      client: 'gme-karta',
      language: 'hr',
      v: 'weekly',
      libraries: 'marker,geometry',
      callback: expect.stringMatching(CALLBACK_NAME),
    });
    // The served script called the named global: that is what resolved the load.
    expect(maps).toBe(scope().google?.maps);
  });

  it('leaves empty values out of the URL', async () => {
    await loader.loadGoogleMaps({
      url: url('/maps'),
      key: '',
      client: null,
      language: undefined,
      version: '',
      libraries: [],
    });

    expect(requests).toHaveLength(1);
    expect([...(requests[0] as URL).searchParams.keys()]).toEqual(['callback']);
    expect(loader.loadedGoogleMapsLanguage()).toBeNull();
  });

  it('resolves with google.maps when the script calls back, then removes the callback', async () => {
    const maps = await loader.loadGoogleMaps({ url: url('/maps') });

    expect(maps).toEqual({ served });
    expect(maps).toBe(scope().google?.maps);
    const callback = (requests[0] as URL).searchParams.get('callback') as string;
    expect(callback in scope()).toBe(false);
  });

  it('rejects after the default 5000 ms when google.maps never appears, and removes the script', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const state = watch(loader.loadGoogleMaps({ url: url('/empty') }));
    const script = addedScript();
    // The real script arrives and runs, but defines nothing.
    expect(await scriptEvent(script)).toBe('load');

    await vi.advanceTimersByTimeAsync(4999);
    expect(state.settled).toBe(false);
    expect(script.isConnected).toBe(true);

    await vi.advanceTimersByTimeAsync(1);
    expect(state.settled).toBe(true);
    expect(state.error).toBeInstanceOf(Error);
    expect(state.error).not.toBeInstanceOf(loader.ScriptLoadError);
    expect((state.error as Error).message).toBe('Loading took too long');
    expect(loader.LOAD_TIMEOUT_MESSAGE).toBe('Loading took too long');
    expect(script.isConnected).toBe(false);
    expect(scripts()).toHaveLength(0);
    // What stays at the callback's name only removes itself if a late script calls it.
    const callback = (requests[0] as URL).searchParams.get('callback') as string;
    const standIn = scope()[callback];
    expect(standIn).toBeTypeOf('function');
    scope().google = { maps: {} };
    (standIn as () => void)();
    expect(callback in scope()).toBe(false);
  });

  it('rejects at a shorter timeoutMs; the script arriving late does no harm and loads the API', async () => {
    const errors: unknown[] = [];
    const onError = (event: ErrorEvent) => errors.push(event.error ?? event.message);
    window.addEventListener('error', onError);
    const started = performance.now();
    const loading = loader.loadGoogleMaps({ url: url('/slow'), language: 'de', timeoutMs: 300 });
    const script = addedScript();
    const arrived = scriptEvent(script);

    await expect(loading).rejects.toThrow(/^Loading took too long$/);
    const waited = performance.now() - started;
    expect(waited).toBeGreaterThanOrEqual(290);
    expect(waited).toBeLessThan(SLOW_MS);
    expect(script.isConnected).toBe(false);
    expect(scope().google).toBeUndefined();
    expect(loader.loadedGoogleMapsLanguage()).toBeNull();

    // The removed script still runs when it arrives and calls its callback.
    expect(await arrived).toBe('load');
    window.removeEventListener('error', onError);
    expect(errors).toEqual([]);
    const callback = (requests[0] as URL).searchParams.get('callback') as string;
    expect(callback in scope()).toBe(false);
    expect(scope().google?.maps).toBeDefined();
    expect(loader.loadedGoogleMapsLanguage()).toBe('de');

    // The API is there now: the next call gets it without a request.
    await expect(loader.loadGoogleMaps({ url: url('/maps') })).resolves.toBe(scope().google?.maps);
    expect(requests).toHaveLength(1);
  });

  it('resolves at the deadline when google.maps is there but the callback was not called', async () => {
    const started = performance.now();
    const maps = await loader.loadGoogleMaps({ url: url('/no-callback'), language: 'fr', timeoutMs: 200 });

    expect(performance.now() - started).toBeGreaterThanOrEqual(190);
    expect(maps).toBe(scope().google?.maps);
    expect(loader.loadedGoogleMapsLanguage()).toBe('fr');
    expect(scripts()).toHaveLength(1);
    // Google may still call back later: that call finds a stand-in, which removes itself.
    const callback = (requests[0] as URL).searchParams.get('callback') as string;
    (scope()[callback] as () => void)();
    expect(callback in scope()).toBe(false);
  });

  it('rejects at the deadline when the script calls back but google.maps is not there', async () => {
    const started = performance.now();
    const loading = loader.loadGoogleMaps({ url: url('/callback-only'), timeoutMs: 200 });

    await expect(loading).rejects.toThrow(/^Loading took too long$/);
    expect(performance.now() - started).toBeGreaterThanOrEqual(190);
    expect(requests).toHaveLength(1);
  });

  it('resolves a slow script that arrives in time', async () => {
    const started = performance.now();
    const maps = await loader.loadGoogleMaps({ url: url('/slow') });

    expect(performance.now() - started).toBeGreaterThanOrEqual(SLOW_MS - 10);
    expect(maps).toBe(scope().google?.maps);
  });

  it.each([
    ['an HTTP 500', '/broken'],
    ['a dropped connection', '/reset'],
  ])('rejects at once with ScriptLoadError on %s, and removes what it added', async (_, path) => {
    const started = performance.now();
    const loading = loader.loadGoogleMaps({ url: url(path) });
    const script = addedScript();

    const error = await loading.catch((caught: unknown) => caught);
    expect(performance.now() - started).toBeLessThan(1000); // the deadline is 5000 ms
    expect(error).toBeInstanceOf(loader.ScriptLoadError);
    expect(error).toMatchObject({
      name: 'ScriptLoadError',
      message: 'The Google Maps script could not be loaded',
    });
    expect(requests.map((request) => request.pathname)).toEqual([path]);
    expect(script.isConnected).toBe(false);
    const callback = (requests[0] as URL).searchParams.get('callback') as string;
    expect(callback in scope()).toBe(false);
  });

  it('shares one load between concurrent callers', async () => {
    const first = loader.loadGoogleMaps({ url: url('/maps'), language: 'hr' });
    const second = loader.loadGoogleMaps({ url: url('/maps'), language: 'en' });
    expect(scripts()).toHaveLength(1);

    const [a, b] = await Promise.all([first, second]);
    expect(a).toBe(b);
    expect(requests).toHaveLength(1);
    expect(loader.loadedGoogleMapsLanguage()).toBe('hr');
  });

  it('loads again after a failure, with a new script, and can succeed', async () => {
    await expect(loader.loadGoogleMaps({ url: url('/broken') })).rejects.toBeInstanceOf(
      loader.ScriptLoadError,
    );
    expect(scripts()).toHaveLength(0);

    const maps = await loader.loadGoogleMaps({ url: url('/maps') });
    expect(maps).toBe(scope().google?.maps);
    expect(requests.map((request) => request.pathname)).toEqual(['/broken', '/maps']);
    expect(scripts()).toHaveLength(1);
    const [failed, retried] = requests.map((request) => request.searchParams.get('callback'));
    expect(retried).not.toBe(failed);
  });

  it('resolves at once, adding nothing, once google.maps is there', async () => {
    const maps = await loader.loadGoogleMaps({ url: url('/maps') });
    const script = addedScript();

    const again = loader.loadGoogleMaps({ url: url('/maps') });
    expect(await Promise.race([again, nextTask()])).toBe(maps);
    expect(addedScript()).toBe(script);
    expect(requests).toHaveLength(1);
  });

  it('resolves at once with a google.maps loaded by someone else, with no language', async () => {
    const theirs = {};
    scope().google = { maps: theirs };

    const loading = loader.loadGoogleMaps({ url: url('/maps'), language: 'hr' });
    expect(await Promise.race([loading, nextTask()])).toBe(theirs);
    expect(scripts()).toHaveLength(0);
    expect(requests).toHaveLength(0);
    expect(loader.loadedGoogleMapsLanguage()).toBeNull();
  });

  it('keeps the first language: a later call in another language gets the loaded API, no second script', async () => {
    expect(loader.loadedGoogleMapsLanguage()).toBeNull();
    const croatian = await loader.loadGoogleMaps({ url: url('/maps'), language: 'hr' });
    expect(loader.loadedGoogleMapsLanguage()).toBe('hr');

    const english = await loader.loadGoogleMaps({ url: url('/maps'), language: 'en' });
    expect(english).toBe(croatian);
    expect(loader.loadedGoogleMapsLanguage()).toBe('hr');
    expect(scripts()).toHaveLength(1);
    expect(requests.map((request) => request.searchParams.get('language'))).toEqual(['hr']);
  });
});
