import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isEmbedPage } from '../src/http/security.ts';
import { databaseAvailable, dbKind, startTestApp, type TestApp } from './support/test-app.ts';

const HTML = { accept: 'text/html,application/xhtml+xml' };

describe('which pages are the embed', () => {
  it('is /embed with any query, and nothing else', () => {
    expect(isEmbedPage('/embed')).toBe(true);
    expect(isEmbedPage('/embed/')).toBe(true);
    expect(isEmbedPage('/embed?lat=45.8&lng=16&z=10&place=3&cat=a,b&lang=hr')).toBe(true);
    for (const url of ['/', '/embedded', '/embed/x', '/places/1', '/review?embed', '/x/embed']) {
      expect(isEmbedPage(url), url).toBe(false);
    }
  });
});

describe.skipIf(!databaseAvailable)(`frame headers (${dbKind})`, () => {
  let t: TestApp;
  const webDir = mkdtempSync(join(tmpdir(), 'karta-web-'));

  beforeAll(async () => {
    writeFileSync(join(webDir, 'index.html'), '<!doctype html><title>Karta test shell</title>');
    t = await startTestApp({ demo: false, webDistDir: webDir });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  async function frameHeaders(url: string, method: 'GET' | 'HEAD' = 'GET') {
    const response = await t.app.inject({ method, url, headers: HTML });
    return {
      status: response.statusCode,
      body: response.body,
      csp: String(response.headers['content-security-policy'] ?? ''),
      xFrameOptions: response.headers['x-frame-options'],
    };
  }

  it('lets any site frame /embed, with or without a view in its query', async () => {
    for (const url of ['/embed', '/embed?lat=45.81&lng=15.98&z=14&place=7&cat=pharmacy,shelter&lang=hr']) {
      const page = await frameHeaders(url);
      expect(page.status, url).toBe(200);
      expect(page.body, url).toContain('Karta test shell');
      expect(page.csp, url).toContain('frame-ancestors *');
      expect(page.csp, url).not.toContain("frame-ancestors 'none'");
      expect(page.xFrameOptions, url).toBeUndefined();
      // Framing is all it relaxes: the rest of the policy is the site's.
      expect(page.csp, url).toContain("script-src 'self'");
      expect(page.csp, url).toContain("object-src 'none'");
    }
    const head = await frameHeaders('/embed?z=12', 'HEAD');
    expect(head.csp).toContain('frame-ancestors *');
    expect(head.xFrameOptions).toBeUndefined();
  });

  it('keeps every other page from being framed', async () => {
    for (const url of ['/', '/?lat=45.8&lng=16&z=10', '/places/1', '/review', '/embed/x', '/embedded']) {
      const page = await frameHeaders(url);
      expect(page.status, url).toBe(200);
      expect(page.csp, url).toContain("frame-ancestors 'none'");
      expect(page.csp, url).not.toContain('frame-ancestors *');
      expect(page.xFrameOptions, url).toBe('DENY');
    }
    const api = await t.app.inject({ method: 'GET', url: '/api/v1/config' });
    expect(api.headers['x-frame-options']).toBe('DENY');
  });
});
