import { type Endpoint, endpoints, PlaceFeatureCollection } from '@karta/contracts';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseAvailable, dbKind, startTestApp, type TestApp } from './support/test-app.ts';

type Document = { paths: Record<string, Record<string, { operationId: string }>> };

/** `/api/v1/places/:id` as OpenAPI writes it. */
const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

describe.skipIf(!databaseAvailable)(`every route is in the OpenAPI document and back (${dbKind})`, () => {
  let t: TestApp;
  const routes: RouteOptions[] = [];

  beforeAll(async () => {
    t = await startTestApp({ onRoute: (route) => routes.push(route) });
  });
  afterAll(async () => {
    await t?.close();
  });

  /** `GET /api/v1/places/{id}` for every route Fastify knows under the API (HEAD comes with GET). */
  function served(): Map<string, RouteOptions> {
    const api = new Map<string, RouteOptions>();
    for (const route of routes) {
      if (!route.url.startsWith('/api/v1/')) continue;
      for (const method of [route.method].flat()) {
        if (method !== 'HEAD') api.set(`${method} ${openApiPath(route.url)}`, route);
      }
    }
    return api;
  }

  async function documented(): Promise<Map<string, string>> {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    expect(response.statusCode).toBe(200);
    const operations = new Map<string, string>();
    for (const [path, methods] of Object.entries((response.json() as Document).paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        operations.set(`${method.toUpperCase()} ${path}`, operation.operationId);
      }
    }
    return operations;
  }

  it('serves exactly the operations the document lists', async () => {
    const operations = await documented();
    expect([...served().keys()].sort()).toEqual([...operations.keys()].sort());
    expect(operations.size).toBe(Object.keys(endpoints).length);
  });

  it('checks each request with the schemas of its document entry', async () => {
    const operations = await documented();
    for (const [operation, route] of served()) {
      const name = operations.get(operation) as keyof typeof endpoints;
      const endpoint: Endpoint = endpoints[name];
      const schema = route.schema as Record<string, unknown> | undefined;
      expect(schema?.params, `${operation} params`).toBe(endpoint.params);
      expect(schema?.querystring, `${operation} query`).toBe(endpoint.query);
      expect(schema?.body, `${operation} body`).toBe(endpoint.body);
    }
  });

  it('exports GeoJSON as the document describes it', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/export.geojson' });
    expect(response.statusCode).toBe(200);
    const collection = PlaceFeatureCollection.parse(response.json());
    expect(collection.features.length).toBeGreaterThan(100);
  });
});
