import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { waitFor } from '@testing-library/react';
import { afterAll, beforeAll, expect, it } from 'vitest';
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

it('sends an error caught while the SDK is still loading, once it has started', async () => {
  const started = initSentry({ dsn: `http://public@${host}/1`, release: 'test', environment: 'test' });
  // Reported before the SDK's chunk has arrived (a map engine can fail that early).
  reportError(new Error('early engine failure'), { mapEngine: 'google', durationMs: 12 });
  await started;
  await waitFor(
    () => expect(envelopes.some((envelope) => envelope.includes('early engine failure'))).toBe(true),
    {
      timeout: 5000,
    },
  );
  const envelope = envelopes.find((text) => text.includes('early engine failure')) ?? '';
  expect(envelope).toContain('"mapEngine":"google"');
});
