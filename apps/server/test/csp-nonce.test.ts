import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseAvailable, dbKind, startTestApp, type TestApp } from './support/test-app.ts';

/** A page shaped like Vite's build: a module script, module preloads, a stylesheet. */
const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <title>Karta test shell</title>
    <script type="module" crossorigin src="/assets/index-1a2b.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-3c4d.js">
    <link rel="stylesheet" crossorigin href="/assets/index-5e6f.css">
  </head>
  <body><div id="root"></div></body>
</html>`;

function scriptSrc(response: { headers: Record<string, unknown> }): string {
  const csp = String(response.headers['content-security-policy']);
  return csp.split(';').find((part) => part.trim().startsWith('script-src')) ?? '';
}

describe.skipIf(!databaseAvailable)(`the Google engine's pages carry a script nonce (${dbKind})`, () => {
  let t: TestApp;
  const webDir = mkdtempSync(join(tmpdir(), 'karta-web-nonce-'));
  beforeAll(async () => {
    mkdirSync(join(webDir, 'assets'));
    writeFileSync(join(webDir, 'index.html'), PAGE);
    writeFileSync(join(webDir, 'assets', 'index-1a2b.js'), 'console.log("app")');
    t = await startTestApp({
      demo: false,
      webDistDir: webDir,
      env: { GOOGLE_MAPS_API_KEY: 'AIza-test-key' },
    });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  it('gives every script and module preload the nonce of the policy, a new one per response', async () => {
    const nonces: string[] = [];
    for (const [url, accept] of [
      ['/', '*/*'],
      ['/index.html', '*/*'],
      ['/places/12', 'text/html'],
      ['/embed?lat=45.8', 'text/html'],
    ]) {
      const page = await t.app.inject({ method: 'GET', url, headers: { accept } });
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['cache-control']).toBe('no-cache');
      const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(scriptSrc(page))?.[1] ?? '';
      expect(nonce.length, url).toBeGreaterThanOrEqual(22);
      expect(scriptSrc(page)).toContain("'strict-dynamic'");
      expect(scriptSrc(page)).not.toMatch(/google|gstatic|ggpht/);
      expect(page.body).toContain(`<script nonce="${nonce}" type="module"`);
      expect(page.body).toContain(`<link nonce="${nonce}" rel="modulepreload"`);
      expect(page.body).toContain(`<meta property="csp-nonce" nonce="${nonce}" />`);
      expect(page.body).not.toContain(`<link nonce="${nonce}" rel="stylesheet"`);
      nonces.push(nonce);
    }
    expect(new Set(nonces).size).toBe(nonces.length);
    // The embed page keeps its own framing rule with the nonce.
    const embed = await t.app.inject({ method: 'GET', url: '/embed', headers: { accept: 'text/html' } });
    expect(String(embed.headers['content-security-policy'])).toContain('frame-ancestors *');
    expect(embed.headers['x-frame-options']).toBeUndefined();
  });
});
