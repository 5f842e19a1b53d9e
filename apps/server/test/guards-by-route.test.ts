import { endpoints } from '@karta/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseAvailable, dbKind, startTestApp, type TestApp } from './support/test-app.ts';

/** Every write of the API, with `{id}` filled in. */
const writes = Object.values(endpoints)
  .filter((endpoint) => endpoint.method !== 'GET')
  .map((endpoint) => ({ method: endpoint.method, path: endpoint.path.replaceAll(/\{[^}]+\}/g, '1') }));

/** Other spellings of `path` that a router might take for the same route. */
function spellings(path: string): string[] {
  const rest = path.slice('/api/'.length);
  const last = path.lastIndexOf('/');
  return [
    path,
    `/%61pi/${rest}`,
    `/%61%70%69/${rest}`,
    `${path.slice(0, last + 1)}%${path.charCodeAt(last + 1).toString(16)}${path.slice(last + 2)}`,
    `//api/${rest}`,
    `/api//${rest}`,
    `/api/${rest.replace('/', '//')}`,
    `/API/${rest}`,
    `/Api/${rest.toUpperCase()}`,
    `/api/${rest}/`,
    `/api/./${rest}`,
  ];
}

/**
 * Sends every write route in every spelling with `headers`; returns those answered with anything
 * but `refusal` or 404 (a spelling no route matches), which a guard let through.
 */
async function unguarded(t: TestApp, headers: Record<string, string>, refusal: number): Promise<string[]> {
  const passed: string[] = [];
  for (const { method, path } of writes) {
    for (const url of spellings(path)) {
      const response = await t.app.inject({ method, url, headers, payload: '{}' });
      if (![refusal, 404].includes(response.statusCode))
        passed.push(`${method} ${url} → ${response.statusCode}`);
    }
  }
  return passed;
}

describe.skipIf(!databaseAvailable)(`guards by route, whatever the URL's spelling (${dbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ demo: false, env: { PUBLIC_URL: 'https://karta.example.org' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses a write from another site (403) or knows no such route (404)', async () => {
    expect(
      await unguarded(t, { origin: 'https://evil.example', 'content-type': 'application/json' }, 403),
    ).toEqual([]);
  });

  it('refuses a form-encoded write (415) or knows no such route (404)', async () => {
    expect(await unguarded(t, { 'content-type': 'text/plain' }, 415)).toEqual([]);
  });
});

describe.skipIf(!databaseAvailable)(`the storage guard, whatever the URL's spelling (${dbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    // More free space than any disk has: every write must be refused for space.
    t = await startTestApp({ demo: false, env: { MIN_FREE_DISK_MB: '9999999' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses every write while storage is low (507) or knows no such route (404)', async () => {
    expect(await unguarded(t, { 'content-type': 'application/json' }, 507)).toEqual([]);
  });
});
