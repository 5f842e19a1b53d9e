import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { waitFor } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, expect, it, vi } from 'vitest';

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

// Each test starts as a page does: nothing decided yet about where errors go.
beforeEach(() => {
  vi.resetModules();
  envelopes.length = 0;
});

const loadAtOnce = (task: () => void) => task();

it('sends an error the app caught before the config named the DSN, as its first render can', async () => {
  const { initSentry, reportError } = await import('./report-error.ts');
  reportError(new Error('first render failure'), { componentStack: 'at HomePage' });
  expect(envelopes).toEqual([]);

  await initSentry({ dsn: `http://public@${host}/1`, release: 'test', environment: 'test' }, loadAtOnce);
  await waitFor(() => expect(envelopes.some((text) => text.includes('first render failure'))).toBe(true), {
    timeout: 5000,
  });
  expect(envelopes.find((text) => text.includes('first render failure'))).toContain('at HomePage');
});

it('keeps at most 20 of them, and none once the config says errors are not reported', async () => {
  const { initSentry, reportError } = await import('./report-error.ts');
  for (let n = 0; n < 25; n += 1) reportError(new Error(`caught early ${n}`));
  await initSentry({ dsn: `http://public@${host}/1`, release: 'test', environment: 'test' }, loadAtOnce);
  await waitFor(() => expect(envelopes.filter((text) => text.includes('caught early')).length).toBe(20), {
    timeout: 5000,
  });
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(envelopes.filter((text) => text.includes('caught early'))).toHaveLength(20);

  vi.resetModules();
  envelopes.length = 0;
  const fresh = await import('./report-error.ts');
  fresh.reportError(new Error('never sent'));
  await fresh.initSentry({ dsn: null, release: 'test', environment: 'test' });
  fresh.reportError(new Error('never sent either'));
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(envelopes).toEqual([]);
});
