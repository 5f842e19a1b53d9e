import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { waitFor } from '@testing-library/react';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { installEarlyErrorBuffer } from './early-error-buffer.ts';
import { initSentry, reportError } from './report-error.ts';

/** Envelopes received by a local stand-in of Sentry's ingestion endpoint. */
const envelopes: string[] = [];
let server: Server;
let host = '';

beforeAll(async () => {
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.url?.includes('/envelope/')) envelopes.push(Buffer.concat(chunks).toString('utf8'));
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

it('loads the SDK only when told, then sends what was caught and what went uncaught before it', async () => {
  installEarlyErrorBuffer(window);
  let loadNow = () => {};
  const started = initSentry(
    { dsn: `http://public@${host}/1`, release: 'test', environment: 'test' },
    (task) => {
      loadNow = task;
    },
  );
  // Before the SDK has loaded: an uncaught error, and one the app caught (a map engine can fail that early).
  window.dispatchEvent(new ErrorEvent('error', { error: new Error('early uncaught failure') }));
  reportError(new Error('early engine failure'), { mapEngine: 'google', durationMs: 12 });
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(window.__kartaEarlyErrors?.events).toHaveLength(1);
  expect(envelopes).toEqual([]);

  loadNow();
  await started;
  expect(window.__kartaEarlyErrors).toBeUndefined();
  await waitFor(
    () => {
      expect(envelopes.some((envelope) => envelope.includes('early engine failure'))).toBe(true);
      expect(envelopes.some((envelope) => envelope.includes('early uncaught failure'))).toBe(true);
    },
    { timeout: 5000 },
  );
  const envelope = envelopes.find((text) => text.includes('early engine failure')) ?? '';
  expect(envelope).toContain('"mapEngine":"google"');
  const uncaught = envelopes.find((text) => text.includes('early uncaught failure')) ?? '';
  expect(uncaught).toContain('"handled":false');
});
