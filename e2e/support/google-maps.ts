import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { BrowserContext, Request, Route } from 'playwright-core';

/** The key the Google-engine server is configured with; the stand-in accepts any. */
export const GOOGLE_TEST_KEY = 'e2e-test-key';

/** Requests for Google's Maps JavaScript API script (any query string). */
const SCRIPT_URL = /^https:\/\/maps\.googleapis\.com\/maps\/api\/js(\?|$)/;

const STAND_IN = readFileSync(resolve(import.meta.dirname, '../google-maps-stand-in/maps-api.js'), 'utf8');

/**
 * How the browser's requests for Google's script are answered:
 * - `stand-in`: the local stand-in of the Maps JavaScript API (defines `google.maps`, calls back);
 * - `silent`: a script that loads but never defines `google.maps` (a load that takes too long);
 * - `error`: HTTP 500 (a script error);
 * - `refusing`: the stand-in, told to refuse the key as Google does once the map is drawn.
 */
export type GoogleScriptAnswer = 'stand-in' | 'silent' | 'error' | 'refusing';

/** Answers Google's script in `context` and records each request for it. */
export class GoogleMapsRoute {
  /** Every request for the script, oldest first, with when it was made. */
  readonly requests: { url: URL; at: number }[] = [];
  private answer: GoogleScriptAnswer = 'stand-in';

  private constructor() {}

  static async install(context: BrowserContext): Promise<GoogleMapsRoute> {
    const route = new GoogleMapsRoute();
    // Registered after the catch-all of launchBrowser, so it takes precedence for the script.
    await context.route(SCRIPT_URL, (request) => route.fulfil(request));
    return route;
  }

  /** How the following requests are answered. */
  serve(answer: GoogleScriptAnswer): void {
    this.answer = answer;
  }

  private async fulfil(route: Route): Promise<void> {
    const request: Request = route.request();
    this.requests.push({ url: new URL(request.url()), at: Date.now() });
    switch (this.answer) {
      case 'stand-in':
        return route.fulfill({ status: 200, contentType: 'text/javascript', body: STAND_IN });
      case 'silent':
        return route.fulfill({ status: 200, contentType: 'text/javascript', body: '/* never calls back */' });
      case 'refusing':
        return route.fulfill({
          status: 200,
          contentType: 'text/javascript',
          body: `window.__googleMapsStandIn = { refuseKey: true };\n${STAND_IN}`,
        });
      case 'error':
        return route.fulfill({ status: 500, contentType: 'text/plain', body: 'Internal Server Error' });
    }
  }
}
