import { waitFor } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { type SentryReceiver, startSentryReceiver } from '../../../../server/test/support/sentry-receiver.ts';

/** The local stand-in of Sentry's ingestion endpoint, one per test: each counts only its own. */
let sentry: SentryReceiver;
const envelopes = () => sentry.envelopes();

// Each test starts as a page does: nothing decided yet about where errors go.
beforeEach(async () => {
  vi.resetModules();
  sentry = await startSentryReceiver();
});

afterEach(async () => {
  await sentry.close();
});

const loadAtOnce = (task: () => void) => task();

it('sends an error the app caught before the config named the DSN, as its first render can', async () => {
  const { initSentry, reportError } = await import('./report-error.ts');
  reportError(new Error('first render failure'), { componentStack: 'at HomePage' });
  expect(envelopes()).toEqual([]);

  await initSentry({ dsn: sentry.dsn, release: 'test', environment: 'test' }, loadAtOnce);
  await waitFor(() => expect(envelopes().some((text) => text.includes('first render failure'))).toBe(true), {
    timeout: 5000,
  });
  expect(envelopes().find((text) => text.includes('first render failure'))).toContain('at HomePage');
});

it('keeps at most 20 of them, and none once the config says errors are not reported', async () => {
  const { initSentry, reportError } = await import('./report-error.ts');
  for (let n = 0; n < 25; n += 1) reportError(new Error(`caught early ${n}`));
  await initSentry({ dsn: sentry.dsn, release: 'test', environment: 'test' }, loadAtOnce);
  await waitFor(() => expect(envelopes().filter((text) => text.includes('caught early')).length).toBe(20), {
    timeout: 5000,
  });
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(envelopes().filter((text) => text.includes('caught early'))).toHaveLength(20);

  vi.resetModules();
  const sentBefore = envelopes().length;
  const fresh = await import('./report-error.ts');
  fresh.reportError(new Error('never sent'));
  await fresh.initSentry({ dsn: null, release: 'test', environment: 'test' });
  fresh.reportError(new Error('never sent either'));
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(envelopes()).toHaveLength(sentBefore);
});
