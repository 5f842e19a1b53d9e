/** Google's Maps JavaScript API script. */
export const GOOGLE_MAPS_SCRIPT_URL = 'https://maps.googleapis.com/maps/api/js';
/** How long `google.maps` may take to appear after the load began (docs/product-rules.md §Map). */
export const LOAD_TIMEOUT_MS = 5000;
/** The exact message of the time-out error (docs/product-rules.md §Map). */
export const LOAD_TIMEOUT_MESSAGE = 'Loading took too long';

/** What the script is loaded with; empty values are left out of the URL. */
export interface GoogleMapsScriptOptions {
  key?: string | null;
  client?: string | null;
  language?: string | null;
  /** Sent as `v`. */
  version?: string | null;
  /** Sent comma-separated. */
  libraries?: readonly string[];
  /** Where the script is served: Google's by default; tests point it at a local server. */
  url?: string;
  /** Defaults to LOAD_TIMEOUT_MS. */
  timeoutMs?: number;
}

/** The script answered with an error (network failure, HTTP error): rejected at once. */
export class ScriptLoadError extends Error {
  override readonly name = 'ScriptLoadError';
}

type Maps = typeof google.maps;
/** The window as the script sees it: `google` once it has run, and our callbacks by name. */
type ScriptWindow = { google?: { maps?: Maps } } & Record<string, unknown>;

/** The load under way, shared by concurrent callers; null when none is. */
let pending: Promise<Maps> | null = null;
/** What the successful load asked for: see loadedGoogleMapsLanguage. */
let language: string | null = null;
/** Numbers each attempt's callback, so a late script can only reach its own. */
let loads = 0;

const scriptWindow = (): ScriptWindow => window as unknown as ScriptWindow;

/**
 * Loads the script once (shared by concurrent callers) and resolves with `google.maps`.
 * A concurrent caller shares the first caller's load, including its language and time-out.
 */
export function loadGoogleMaps(options: GoogleMapsScriptOptions): Promise<Maps> {
  // Loaded already (by us or anyone): Google cannot load a second language, so this is the answer.
  const maps = scriptWindow().google?.maps;
  if (maps) return Promise.resolve(maps);
  pending ??= load(options);
  return pending;
}

/** The language the loaded script was requested with (null before a load, or when none was given). */
export function loadedGoogleMapsLanguage(): string | null {
  return language;
}

/** One attempt: a new script and callback, settled by the callback, the deadline or a script error. */
function load(options: GoogleMapsScriptOptions): Promise<Maps> {
  const win = scriptWindow();
  loads += 1;
  const callback = `__kartaGoogleMapsLoaded${loads}`;
  const requested = options.language || null;
  const script = document.createElement('script');
  script.setAttribute('async', ''); // the attribute: jsdom, where the tests run, has no `async` property
  script.src = scriptUrl(options, callback);

  return new Promise<Maps>((resolve, reject) => {
    let settled = false;
    // Settled at the deadline, the script may still call back (a removed script still runs when it
    // arrives), and calling a missing global would throw an uncaught error: a stand-in answers, then goes.
    const lateCall = () => {
      delete win[callback];
      if (win.google?.maps) language = requested;
    };
    /** Ends this load; `leftover` is what stays at the callback's name until a late call. */
    const settle = (leftover?: () => void) => {
      settled = true;
      clearTimeout(deadline);
      pending = null;
      if (leftover) win[callback] = leftover;
      else delete win[callback];
    };
    const succeed = (maps: Maps, leftover?: () => void) => {
      settle(leftover);
      language = requested;
      resolve(maps);
    };

    const deadline = setTimeout(() => {
      // The rule is about the global: if it is there, only the callback is late.
      const maps = win.google?.maps;
      if (maps) return succeed(maps, lateCall);
      settle(lateCall);
      script.remove();
      reject(new Error(LOAD_TIMEOUT_MESSAGE));
    }, options.timeoutMs ?? LOAD_TIMEOUT_MS);

    win[callback] = () => {
      const maps = win.google?.maps;
      // Called without the global: the deadline decides.
      if (maps) succeed(maps);
    };
    script.addEventListener('error', () => {
      // The script will never run, so nothing will call the callback (nor a stand-in left at the deadline).
      if (settled) {
        delete win[callback];
        return;
      }
      settle();
      script.remove();
      reject(new ScriptLoadError('The Google Maps script could not be loaded'));
    });
    document.head.append(script);
  });
}

function scriptUrl(options: GoogleMapsScriptOptions, callback: string): string {
  const url = new URL(options.url ?? GOOGLE_MAPS_SCRIPT_URL);
  const params: Record<string, string | null | undefined> = {
    key: options.key,
    client: options.client,
    language: options.language,
    v: options.version,
    libraries: options.libraries?.join(','),
    callback,
  };
  for (const [name, value] of Object.entries(params)) {
    if (value) url.searchParams.set(name, value);
  }
  return url.href;
}
