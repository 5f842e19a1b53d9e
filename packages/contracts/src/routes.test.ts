import { describe, expect, it } from 'vitest';
import { type Endpoint, endpoints } from './endpoints.ts';
import { routes } from './routes.ts';
import * as wire from './wire.ts';

describe('routes', () => {
  it('name every endpoint and no other', () => {
    expect(Object.keys(routes).sort()).toEqual(Object.keys(endpoints).sort());
  });

  it.each(Object.entries(endpoints))('%s: its route says what its entry says', (name, entry) => {
    const endpoint: Endpoint = entry;
    const args = [endpoint.params && 'id', endpoint.body && 'body', endpoint.query && 'query'].filter(
      Boolean,
    );
    expect(routes[name as keyof typeof routes]).toEqual({
      method: endpoint.method,
      path: endpoint.path,
      args,
    });
  });
});

describe('the wire entry', () => {
  it('holds no schema, so a browser can build requests before zod has loaded', () => {
    const schemas = Object.entries(wire).filter(
      ([, value]) => typeof value === 'object' && value !== null && '_zod' in value,
    );
    expect(schemas).toEqual([]);
    expect(Object.keys(wire)).toEqual(expect.arrayContaining(['routes', 'encodeQuery', 'formatBbox']));
  });
});
