import { afterEach, expect, it, vi } from 'vitest';
import { EARLY_ERROR_LIMIT, installEarlyErrorBuffer } from './early-error-buffer.ts';
import { replayEarlyErrors, takeEarlyErrors } from './early-error-replay.ts';

function uncaught(message: string) {
  const error = new Error(message);
  window.dispatchEvent(
    new ErrorEvent('error', { error, message, filename: '/assets/x.js', lineno: 3, colno: 9 }),
  );
  return error;
}

function rejected(reason: unknown) {
  // jsdom has no PromiseRejectionEvent: an event with the same `reason` field stands in for it.
  window.dispatchEvent(Object.assign(new Event('unhandledrejection'), { reason }));
}

afterEach(() => {
  takeEarlyErrors();
  window.onerror = null;
  window.onunhandledrejection = null;
});

it('hands early errors and rejections to the handlers installed later, in order, once', () => {
  installEarlyErrorBuffer(window);
  const error = uncaught('before the SDK');
  rejected('a refused promise');
  const onError = vi.fn();
  const onRejection = vi.fn();
  window.onerror = onError;
  window.onunhandledrejection = onRejection;

  replayEarlyErrors();

  expect(onError).toHaveBeenCalledExactlyOnceWith('before the SDK', '/assets/x.js', 3, 9, error);
  expect(onRejection).toHaveBeenCalledOnce();
  expect(onRejection.mock.calls[0]?.[0]).toMatchObject({ reason: 'a refused promise' });
  replayEarlyErrors();
  expect(onError).toHaveBeenCalledOnce();
});

it('stops collecting once taken, and keeps at most its limit', () => {
  installEarlyErrorBuffer(window);
  for (let i = 0; i < EARLY_ERROR_LIMIT + 5; i += 1) uncaught(`loop ${i}`);
  expect(window.__kartaEarlyErrors?.events).toHaveLength(EARLY_ERROR_LIMIT);
  expect(takeEarlyErrors()).toHaveLength(EARLY_ERROR_LIMIT);
  expect(window.__kartaEarlyErrors).toBeUndefined();
  // A listener of the test's own stands in for the SDK's, so the test runner does not see it as uncaught.
  const sdk = vi.fn();
  window.addEventListener('error', sdk);
  uncaught('after reporting was decided');
  window.removeEventListener('error', sdk);
  expect(sdk).toHaveBeenCalledOnce();
  expect(takeEarlyErrors()).toEqual([]);
});
