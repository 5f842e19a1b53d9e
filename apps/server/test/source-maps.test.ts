import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseAvailable, dbKind, startTestApp, type TestApp } from './support/test-app.ts';

describe.skipIf(!databaseAvailable)(`the web app's source maps (${dbKind})`, () => {
  let t: TestApp;
  const webDir = mkdtempSync(join(tmpdir(), 'karta-web-maps-'));
  beforeAll(async () => {
    mkdirSync(join(webDir, 'assets'));
    writeFileSync(join(webDir, 'index.html'), '<!doctype html><title>Karta test shell</title>');
    writeFileSync(join(webDir, 'assets', 'app-1a2b3c.js'), 'console.log("app")');
    writeFileSync(join(webDir, 'assets', 'app-1a2b3c.js.map'), '{"version":3,"sources":["secret.ts"]}');
    t = await startTestApp({ demo: false, webDistDir: webDir });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  it('serves the scripts but never their source maps', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/assets/app-1a2b3c.js' })).statusCode).toBe(200);
    for (const url of [
      '/assets/app-1a2b3c.js.map',
      '/assets/app-1a2b3c.js.MAP',
      '/assets/app-1a2b3c.js.map?x=1',
    ]) {
      for (const accept of ['*/*', 'text/html']) {
        const response = await t.app.inject({ method: 'GET', url, headers: { accept } });
        expect(response.body, `${url} (${accept})`).not.toContain('secret.ts');
        if (accept === '*/*') expect(response.statusCode, url).toBe(404);
      }
    }
  });
});
