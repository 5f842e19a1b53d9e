import type { AddressInfo } from 'node:net';
import { ErrorBody } from '@karta/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendDownload } from '../src/export/send-export.ts';
import { nextAddress } from './support/auth.ts';
import { databaseAvailable, dbKind, startTestApp, type TestApp } from './support/test-app.ts';

/** A download that breaks after its first chunk, as a database lost mid-export would. */
async function* breaksAfterFirstChunk() {
  yield 'externalId,category\r\nfirst,row\r\n';
  await new Promise((resolve) => setTimeout(resolve, 20));
  throw new Error('the database went away in the middle of the export');
}

describe.skipIf(!databaseAvailable)(`an export never ends a 200 early without saying so (${dbKind})`, () => {
  let t: TestApp;
  let origin: string;

  beforeAll(async () => {
    t = await startTestApp({
      configure(app) {
        app.get('/test/broken-download', (_request, reply) =>
          sendDownload(reply, { type: 'text/csv', extension: 'csv', chunks: breaksAfterFirstChunk() }),
        );
      },
    });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers an error, not a 200, when its first page cannot be read', async () => {
    // A real fault of the database: the table the first page reads is gone.
    await t.database.query('ALTER TABLE places RENAME TO places_away');
    try {
      for (const format of ['csv', 'geojson']) {
        const response = await t.app.inject({
          method: 'GET',
          url: `/api/v1/export.${format}`,
          remoteAddress: nextAddress(),
        });
        expect(response.statusCode, format).toBeGreaterThanOrEqual(500);
        expect(response.headers['content-disposition'], format).toBeUndefined();
        ErrorBody.parse(response.json());
      }
    } finally {
      await t.database.query('ALTER TABLE places_away RENAME TO places');
    }
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/v1/export.csv',
      remoteAddress: nextAddress(),
    });
    expect(after.statusCode).toBe(200);
  });

  it('cuts a download that fails after its first byte, so the client sees it is incomplete', async () => {
    const response = await fetch(`${origin}/test/broken-download`);
    expect(response.status).toBe(200);
    // Chunked, without its last chunk: fetch refuses the body instead of handing over a short file.
    expect(response.headers.get('content-length')).toBeNull();
    await expect(response.text()).rejects.toThrow();
  });
});
