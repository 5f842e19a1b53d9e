import { describe, expect, it } from 'vitest';
import type { ApiError } from './api-error.ts';
import { createApiClient } from './client.ts';
import { loadContracts, loadedContracts } from './contracts.ts';

const answer = (body: unknown) => async () =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

const category = { id: 1, slug: 'food', name: { en: 'Food' }, color: '#aa3300', icon: 'fork' };

// One file, one module state: the contracts are not loaded until the third test loads them.
describe('an API client with late checks', () => {
  const late: [ApiError, string][] = [];
  const lateCheck = (error: ApiError, endpoint: string) => late.push([error, endpoint]);

  it('uses an answer as sent while the contracts have not loaded, without loading them', async () => {
    const api = createApiClient({ fetch: answer({ wrong: true }), lateCheck });
    expect(await api.categories()).toEqual({ wrong: true });
    // Had the call started loading them, that import would have finished before this one.
    await import('@karta/contracts');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(loadedContracts()).toBeUndefined();
    expect(late).toEqual([]);
  });

  it('checks it once something loads the contracts, and hands a mismatch to lateCheck', async () => {
    await loadContracts();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(late).toHaveLength(1);
    expect(late[0]?.[0]).toMatchObject({ code: 'invalid_response' });
    expect(late[0]?.[1]).toBe('categories');
  });

  it('checks answers before use once the contracts have loaded', async () => {
    const api = createApiClient({ fetch: answer({ wrong: true }), lateCheck });
    await expect(api.categories()).rejects.toMatchObject({ code: 'invalid_response' });
    const good = createApiClient({ fetch: answer({ items: [category] }), lateCheck });
    expect(await good.categories()).toMatchObject({ items: [{ slug: 'food' }] });
    expect(late).toHaveLength(1);
  });
});
