import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPRESSION_THRESHOLD_BYTES } from '../src/http/compression.ts';
import { nextAddress } from './support/auth.ts';
import { databaseAvailable, dbKind, startTestApp, type TestApp } from './support/test-app.ts';

/** What an answer decompresses to, by its own `Content-Encoding`. */
function decoded(body: Buffer, encoding: string | undefined): string {
  if (encoding === 'br') return brotliDecompressSync(body).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(body).toString('utf8');
  expect(encoding).toBeUndefined();
  return body.toString('utf8');
}

const ENCODINGS = [
  { accept: 'gzip, deflate, br', expected: 'br' },
  { accept: 'gzip', expected: 'gzip' },
  { accept: '', expected: undefined },
  { accept: 'identity', expected: undefined },
];

describe.skipIf(!databaseAvailable)(`compression (${dbKind})`, () => {
  let t: TestApp;
  const webDir = mkdtempSync(join(tmpdir(), 'karta-web-compressed-'));
  const script = `export const words = ${JSON.stringify('karta map '.repeat(500))};\n`;
  const page = `<!doctype html><title>Karta</title>${'<p>shell</p>'.repeat(200)}`;

  beforeAll(async () => {
    mkdirSync(join(webDir, 'assets'));
    // As the build writes them (apps/web/build/precompress.ts), at the highest settings, so the
    // copies sent are told apart from anything compressed on the fly.
    const files = { 'assets/app-1a2b3c.js': script, 'index.html': page };
    for (const [name, text] of Object.entries(files)) {
      writeFileSync(join(webDir, name), text);
      writeFileSync(join(webDir, `${name}.br`), brotliCompressSync(text));
      writeFileSync(join(webDir, `${name}.gz`), gzipSync(text, { level: 9 }));
    }
    t = await startTestApp({ webDistDir: webDir });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding: string, accept = '*/*') =>
    t.app.inject({
      method: 'GET',
      url,
      remoteAddress: nextAddress(),
      headers: { accept, 'accept-encoding': acceptEncoding },
    });

  it('sends the precompressed copy of a hashed asset the client accepts, cached for a year', async () => {
    for (const { accept, expected } of ENCODINGS) {
      const response = await get('/assets/app-1a2b3c.js', accept);
      expect(response.statusCode, accept).toBe(200);
      expect(response.headers['content-encoding'], accept).toBe(expected);
      expect(response.headers.vary, accept).toMatch(/accept-encoding/i);
      expect(response.headers['content-type'], accept).toMatch(/javascript/);
      expect(response.headers['cache-control'], accept).toBe('public, max-age=31536000, immutable');
      const file = join(webDir, 'assets', `app-1a2b3c.js${{ br: '.br', gzip: '.gz' }[expected ?? ''] ?? ''}`);
      expect(response.rawPayload.equals(readFileSync(file)), accept).toBe(true);
      expect(decoded(response.rawPayload, expected), accept).toBe(script);
    }
  });

  it('sends the page compressed too, revalidated on every load, with its hints, on its own path and on app routes', async () => {
    for (const url of ['/', '/places/12']) {
      for (const { accept, expected } of ENCODINGS) {
        const response = await get(url, accept, 'text/html');
        expect(response.statusCode, `${url} ${accept}`).toBe(200);
        expect(response.headers['content-encoding'], `${url} ${accept}`).toBe(expected);
        expect(response.headers['cache-control'], `${url} ${accept}`).toBe('no-cache');
        expect(response.headers.vary, `${url} ${accept}`).toMatch(/accept-encoding/i);
        expect(decoded(response.rawPayload, expected), `${url} ${accept}`).toBe(page);
        // What the page needs first, named up front (page-hints.ts), which depends on the language.
        expect(response.headers.link, `${url} ${accept}`).toContain('</api/v1/config>; rel=preload');
        expect(response.headers.vary, `${url} ${accept}`).toMatch(/accept-language/i);
      }
    }
  });

  it('compresses API answers above the threshold, each decompressing to the plain answer', async () => {
    const url = '/api/v1/map?bbox=15.7,45.6,16.3,46.0&zoom=12';
    const plain = await get(url, '');
    expect(plain.statusCode).toBe(200);
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESSION_THRESHOLD_BYTES);
    for (const { accept, expected } of ENCODINGS) {
      const response = await get(url, accept);
      expect(response.headers['content-encoding'], accept).toBe(expected);
      if (expected) expect(response.headers.vary, accept).toMatch(/accept-encoding/i);
      expect(decoded(response.rawPayload, expected), accept).toBe(plain.body);
      if (expected) expect(response.rawPayload.length, accept).toBeLessThan(plain.rawPayload.length / 3);
    }
  });

  it('leaves answers below the threshold as they are', async () => {
    const response = await get('/api/v1/health', 'gzip, deflate, br');
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.length).toBeLessThan(COMPRESSION_THRESHOLD_BYTES);
    expect(response.headers['content-encoding']).toBeUndefined();
  });

  it('compresses a streamed export, which decompresses to the same file', async () => {
    const plain = await get('/api/v1/export.csv', '');
    expect(plain.statusCode).toBe(200);
    for (const { accept, expected } of ENCODINGS.slice(0, 2)) {
      const response = await get('/api/v1/export.csv', accept);
      expect(response.statusCode, accept).toBe(200);
      expect(response.headers['content-encoding'], accept).toBe(expected);
      expect(response.headers['content-disposition'], accept).toMatch(/^attachment/);
      expect(decoded(response.rawPayload, expected), accept).toBe(plain.body);
    }
  });
});
