import { waitFor } from '@testing-library/react';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type SentryReceiver, startSentryReceiver } from '../../../../server/test/support/sentry-receiver.ts';
import { installEarlyErrorBuffer } from './early-error-buffer.ts';
import { initSentry, reportError } from './report-error.ts';

/** The local stand-in of Sentry's ingestion endpoint the server's tests and the browser tests use. */
let sentry: SentryReceiver;

beforeAll(async () => {
  sentry = await startSentryReceiver();
});

afterAll(async () => {
  await sentry.close();
});

it('loads the SDK only when told, then sends what was caught and what went uncaught before it', async () => {
  installEarlyErrorBuffer(window);
  let loadNow = () => {};
  const started = initSentry({ dsn: sentry.dsn, release: 'test', environment: 'test' }, (task) => {
    loadNow = task;
  });
  // Before the SDK has loaded: an uncaught error, and one the app caught (a map engine can fail that early).
  window.dispatchEvent(new ErrorEvent('error', { error: new Error('early uncaught failure') }));
  reportError(new Error('early engine failure'), { mapEngine: 'google', durationMs: 12 });
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(window.__kartaEarlyErrors?.events).toHaveLength(1);
  expect(sentry.envelopes()).toEqual([]);

  loadNow();
  await started;
  expect(window.__kartaEarlyErrors).toBeUndefined();
  await waitFor(
    () => {
      expect(sentry.envelopes().some((envelope) => envelope.includes('early engine failure'))).toBe(true);
      expect(sentry.envelopes().some((envelope) => envelope.includes('early uncaught failure'))).toBe(true);
    },
    { timeout: 5000 },
  );
  const envelope = sentry.envelopes().find((text) => text.includes('early engine failure')) ?? '';
  expect(envelope).toContain('"mapEngine":"google"');
  const uncaught = sentry.envelopes().find((text) => text.includes('early uncaught failure')) ?? '';
  expect(uncaught).toContain('"handled":false');
});
