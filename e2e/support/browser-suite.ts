import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, inject } from 'vitest';
import { nextClientAddress } from './accounts.ts';
import { type BrowserSession, launchBrowser } from './chromium.ts';
import { KartaDriver } from './driver.ts';
import { GoogleMapsRoute } from './google-maps.ts';

/** Which Karta deployment a suite drives: the open engine, or the one with a Google Maps key. */
export type Engine = 'leaflet' | 'google';

export interface BrowserSuite {
  /** The driver for this test's fresh page. */
  readonly karta: KartaDriver;
  readonly page: Page;
  readonly session: BrowserSession;
  readonly baseUrl: string;
  readonly sentryUrl: string;
  readonly engine: Engine;
  /** How Google's script is answered, and the requests made for it (every suite records them). */
  readonly googleMaps: GoogleMapsRoute;
}

/**
 * Declares a browser suite: one Chromium profile for the file, a fresh page per test.
 * Skipped (loudly, by the global set-up) when no Chromium is installed.
 */
export function describeInBrowser(
  name: string,
  body: (suite: BrowserSuite) => void,
  options: { locale?: string; clipboard?: boolean; engine?: Engine; ownBasemap?: boolean } = {},
) {
  const chromiumPath = inject('chromiumPath');
  const engine = options.engine ?? 'leaflet';
  // `ownBasemap`: the open-engine deployment that serves its own vector tiles.
  const baseUrl =
    engine === 'google'
      ? inject('kartaGoogleUrl')
      : options.ownBasemap
        ? inject('kartaBasemapUrl')
        : inject('kartaUrl');
  const sentryUrl = inject('sentryUrl');
  let session: BrowserSession | undefined;
  let page: Page | undefined;
  let googleMaps: GoogleMapsRoute | undefined;

  const suite: BrowserSuite = {
    get karta() {
      if (!page) throw new Error('No page: is the suite running?');
      return new KartaDriver(page, baseUrl);
    },
    get page() {
      if (!page) throw new Error('No page: is the suite running?');
      return page;
    },
    get session() {
      if (!session) throw new Error('No browser: is the suite running?');
      return session;
    },
    baseUrl,
    sentryUrl,
    engine,
    get googleMaps() {
      if (!googleMaps) throw new Error('No browser: is the suite running?');
      return googleMaps;
    },
  };

  describe.skipIf(!chromiumPath)(name, () => {
    beforeAll(async () => {
      session = await launchBrowser(chromiumPath, [baseUrl, sentryUrl], { locale: options.locale });
      googleMaps = await GoogleMapsRoute.install(session.context);
      if (options.clipboard) {
        await session.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
      }
    });
    afterAll(async () => {
      await session?.close();
    });
    beforeEach(async () => {
      suite.googleMaps.serve('stand-in');
      // Each test is a visitor of its own to the server's per-address rate limits.
      await suite.session.context.setExtraHTTPHeaders({ 'x-forwarded-for': nextClientAddress() });
      page = await suite.session.context.newPage();
    });
    afterEach(async () => {
      await page?.close();
    });
    body(suite);
  });
}
