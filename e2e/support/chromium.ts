import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium } from 'playwright-core';

/** Debian's Chromium, or the one named by CHROMIUM_PATH; null when there is none. */
export function findChromium(): string | null {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  return candidates.find((path): path is string => Boolean(path && existsSync(path))) ?? null;
}

/** Flags measured to keep headless Chromium quiet on a machine with no outside network (the browser tests and Lighthouse's runs). */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface BrowserSession {
  context: BrowserContext;
  close(): Promise<void>;
}

/**
 * A fresh Chromium profile. Every request to an origin other than `allowedOrigins` (map tiles,
 * fonts from elsewhere) is answered locally, so nothing waits on the closed network.
 */
export async function launchBrowser(
  executablePath: string,
  allowedOrigins: readonly string[],
  options: { locale?: string } = {},
): Promise<BrowserSession> {
  const profile = mkdtempSync(join(tmpdir(), 'karta-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath,
    headless: true,
    args: CHROMIUM_ARGS,
    locale: options.locale ?? 'en-US',
    viewport: { width: 1280, height: 900 },
  });
  await context.route(
    (url) => !allowedOrigins.includes(url.origin),
    (route) =>
      route.request().resourceType() === 'image'
        ? route.fulfill({ status: 200, contentType: 'image/png', body: TRANSPARENT_PNG })
        : route.fulfill({ status: 204, body: '' }),
  );
  return {
    context,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** A 1×1 transparent PNG, standing in for map tiles. */
const TRANSPARENT_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
