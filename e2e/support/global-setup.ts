import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeZagrebBasemap } from '@karta/pmtiles-fixture';
import type { TestProject } from 'vitest/node';
import { type SentryReceiver, startSentryReceiver } from '../../apps/server/test/support/sentry-receiver.ts';
import { type SmtpTestServer, startSmtpTestServer } from '../../apps/server/test/support/smtp-test-server.ts';
import { E2E_ADMIN } from './accounts.ts';
import { findChromium } from './chromium.ts';
import { GOOGLE_TEST_KEY } from './google-maps.ts';
import { type RunningServer, startKartaServer } from './karta-server.ts';
import { REFUSED_RECIPIENT } from './mailbox.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Origin of the Karta server under test (open map engine). */
    kartaUrl: string;
    /** Origin of a second Karta server configured with a Google Maps key (Google engine). */
    kartaGoogleUrl: string;
    /** Origin of a third Karta server drawing its own base map (BASEMAP=pmtiles, the Zagreb archive). */
    kartaBasemapUrl: string;
    /** Origin of the stand-in Sentry receiver (items listed at `/items`). */
    sentryUrl: string;
    /** Chromium's path, or '' when the browser tests must be skipped. */
    chromiumPath: string;
    /** Where the SMTP server of the open-engine server writes each message it receives (JSON files). */
    mailDir: string;
    /** A file each test file appends a byte to, for a block of client addresses of its own (accounts.ts). */
    addressBlocks: string;
  }
}

/**
 * Starts three real Karta servers (built front end, PGlite, demo data; one on the open engine, one
 * with a Google Maps key, one drawing its own base map from a PMTiles archive) and one Sentry stand-in for the whole browser suite, and finds Chromium. Without Chromium the suite is skipped with a
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
    project.provide('kartaGoogleUrl', '');
    project.provide('kartaBasemapUrl', '');
    project.provide('sentryUrl', '');
    project.provide('addressBlocks', '');
    project.provide('mailDir', '');
    return;
  }

  let sentry: SentryReceiver | undefined;
  let smtp: SmtpTestServer | undefined;
  const mailDir = mkdtempSync(join(tmpdir(), 'karta-e2e-mail-'));
  let server: RunningServer | undefined;
  let googleServer: RunningServer | undefined;
  let basemapServer: RunningServer | undefined;
  const basemapDir = mkdtempSync(join(tmpdir(), 'karta-e2e-basemap-'));
  const stopAll = async () => {
    await server?.stop();
    await googleServer?.stop();
    await basemapServer?.stop();
    rmSync(basemapDir, { recursive: true, force: true });
    await sentry?.close();
    await smtp?.stop();
    rmSync(mailDir, { recursive: true, force: true });
  };
  // As behind a proxy: each test page is its own client (see nextClientAddress), and each server
  // has a known first admin.
  const accounts = {
    TRUST_PROXY: 'true',
    ADMIN_EMAIL: E2E_ADMIN.email,
    ADMIN_PASSWORD: E2E_ADMIN.password,
  };
  try {
    sentry = await startSentryReceiver();
    smtp = await startSmtpTestServer({ saveTo: mailDir });
    smtp.rejectRecipients.add(REFUSED_RECIPIENT);
    // The open-engine server sends mail (to the SMTP server above), with links to itself, and
    // webhooks to receivers on this machine.
    server = await startKartaServer(
      {
        SENTRY_DSN: sentry.dsn,
        SENTRY_ENVIRONMENT: 'e2e',
        KARTA_TEST_FAULTS: 'true',
        SMTP_URL: smtp.url,
        MAIL_FROM: 'Karta E2E <karta@karta.test>',
        // The webhooks test's receiver listens on this machine (docs/decisions/032-webhooks.md).
        WEBHOOK_ALLOW_PRIVATE: 'true',
        ...accounts,
      },
      { publicUrl: true },
    );
    // The same deployment with a Google Maps key: `auto` picks the Google engine. Its script is
    // answered in the browser by the stand-in in e2e/google-maps-stand-in.
    googleServer = await startKartaServer({
      SENTRY_DSN: sentry.dsn,
      SENTRY_ENVIRONMENT: 'e2e',
      GOOGLE_MAPS_API_KEY: GOOGLE_TEST_KEY,
      GOOGLE_MAPS_VERSION: 'weekly',
      GOOGLE_MAPS_LIBRARIES: 'geometry,places',
      ...accounts,
    });
    // A deployment with a base map of its own: the small Zagreb archive the tests write.
    const archive = join(basemapDir, 'zagreb.pmtiles');
    await writeZagrebBasemap(archive);
    basemapServer = await startKartaServer({ BASEMAP: 'pmtiles', BASEMAP_PMTILES: archive, ...accounts });
  } catch (error) {
    await stopAll();
    throw error;
  }
  project.provide('chromiumPath', chromiumPath);
  project.provide('kartaUrl', server.url);
  project.provide('kartaGoogleUrl', googleServer.url);
  project.provide('kartaBasemapUrl', basemapServer.url);
  project.provide('sentryUrl', sentry.url);
  project.provide('mailDir', mailDir);
  const blocks = mkdtempSync(join(tmpdir(), 'karta-e2e-addresses-'));
  writeFileSync(join(blocks, 'blocks'), '');
  project.provide('addressBlocks', join(blocks, 'blocks'));

  return async () => {
    await stopAll();
    rmSync(blocks, { recursive: true, force: true });
  };
}
