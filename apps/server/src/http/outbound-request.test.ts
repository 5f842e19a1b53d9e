import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkOutboundUrl,
  isPublicAddress,
  OutboundAddressError,
  outboundRequest,
} from './outbound-request.ts';

describe('requests Karta sends to addresses people give it', () => {
  let port = 0;
  const server = createServer((_request, response) => response.writeHead(200).end('x'.repeat(10_000)));
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('tells public addresses from private, loopback, link-local and special ones', () => {
    for (const address of ['93.184.215.14', '2606:4700::6810:85e5', '8.8.8.8'])
      expect(isPublicAddress(address), address).toBe(true);
    for (const address of [
      '127.0.0.1',
      '10.0.0.1',
      '172.16.5.4',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      'fe80::1',
      'fd00::1',
      '::ffff:127.0.0.1',
      '224.0.0.1',
      'not an address',
    ])
      expect(isPublicAddress(address), address).toBe(false);
  });

  it('refuses a private address whether named by IP or by a name resolving to it, unless allowed', async () => {
    for (const url of [`http://127.0.0.1:${port}/`, `http://localhost:${port}/`]) {
      await expect(checkOutboundUrl(url, false)).rejects.toBeInstanceOf(OutboundAddressError);
      await expect(
        outboundRequest(url, { method: 'GET', allowPrivate: false, timeoutMs: 2_000, maxBodyBytes: 100 }),
      ).rejects.toBeInstanceOf(OutboundAddressError);
      await expect(checkOutboundUrl(url, true)).resolves.toBeInstanceOf(URL);
    }
    await expect(checkOutboundUrl('ftp://example.org/', true)).rejects.toThrow(/https/);
    await expect(checkOutboundUrl('https://user:secret@example.org/', true)).rejects.toThrow(/password/);
  });

  it('keeps the start of a long answer, or refuses it when asked to', async () => {
    const url = `http://localhost:${port}/`;
    const cut = await outboundRequest(url, {
      method: 'GET',
      allowPrivate: true,
      timeoutMs: 2_000,
      maxBodyBytes: 100,
    });
    expect(cut.status).toBe(200);
    expect(cut.body.length).toBeLessThanOrEqual(100);
    await expect(
      outboundRequest(url, {
        method: 'GET',
        allowPrivate: true,
        timeoutMs: 2_000,
        maxBodyBytes: 100,
        refuseLonger: true,
      }),
    ).rejects.toThrow(/larger than 100 bytes/);
  });
});
