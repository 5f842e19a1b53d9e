import type { TestProject } from 'vitest/node';
import { type SentryReceiver, startSentryReceiver } from '../../apps/server/test/support/sentry-receiver.ts';
import { findChromium } from './chromium.ts';
import { type RunningServer, startKartaServer } from './karta-server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Origin of the Karta server under test. */
    kartaUrl: string;
    /** Origin of the stand-in Sentry receiver (items listed at `/items`). */
    sentryUrl: string;
    /** Chromium's path, or '' when the browser tests must be skipped. */
    chromiumPath: string;
  }
}

/**
 * Starts one real Karta server (built front end, PGlite, demo data) and one Sentry stand-in for
 * the whole browser suite, and finds Chromium. Without Chromium the suite is skipped with a
 * loud notice, except on CI, where that is a failure.
 */
export default async function setup(project: TestProject) {
  const chromiumPath = findChromium();
  if (!chromiumPath) {
    const message = 'Chromium not found (set CHROMIUM_PATH or apt-get install -y chromium)';
    if (process.env.CI === 'true') throw new Error(`${message}: browser tests cannot run on CI without it`);
    console.warn(`\n${'!'.repeat(72)}\n!! SKIPPING BROWSER TESTS: ${message}\n${'!'.repeat(72)}\n`);
    project.provide('chromiumPath', '');
    project.provide('kartaUrl', '');
    project.provide('sentryUrl', '');
    return;
  }

  let sentry: SentryReceiver | undefined;
  let server: RunningServer | undefined;
  try {
    sentry = await startSentryReceiver();
    server = await startKartaServer({
      SENTRY_DSN: sentry.dsn,
      SENTRY_ENVIRONMENT: 'e2e',
      KARTA_TEST_FAULTS: 'true',
    });
  } catch (error) {
    await sentry?.close();
    throw error;
  }
  project.provide('chromiumPath', chromiumPath);
  project.provide('kartaUrl', server.url);
  project.provide('sentryUrl', sentry.url);

  return async () => {
    await server?.stop();
    await sentry?.close();
  };
}
