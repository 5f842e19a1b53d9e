import { describe, expect, it } from 'vitest';
import { endpoints } from './endpoints.ts';
import { buildOpenApiDocument } from './openapi.ts';

type Operation = {
  responses: Record<string, { content?: Record<string, { schema: Record<string, unknown> }> }>;
};

const document = buildOpenApiDocument({ version: '1.0.0' });
const operation = (name: keyof typeof endpoints) => {
  const { path, method } = endpoints[name];
  return document.paths[path]?.[method.toLowerCase()] as Operation;
};

describe('the OpenAPI document', () => {
  it('lists the answers every request can get, and every write the guards’ answers too', () => {
    for (const [name, endpoint] of Object.entries(endpoints)) {
      const statuses = Object.keys(operation(name as keyof typeof endpoints).responses);
      expect(statuses, name).toEqual(expect.arrayContaining(['400', '414', '431', '500', '503']));
      if (endpoint.method !== 'GET') {
        expect(statuses, name).toEqual(expect.arrayContaining(['403', '413', '415', '429', '507']));
      }
    }
    // A read is not guarded as a write: no storage or Origin refusal.
    expect(Object.keys(operation('getPlace').responses)).not.toContain('507');
  });

  it('declares the Idempotency-Key header of the writes that may be sent again', () => {
    for (const name of ['createPlace', 'uploadPhoto'] as const) {
      const { parameters } = operation(name) as unknown as { parameters: Record<string, unknown>[] };
      expect(parameters, name).toContainEqual({
        name: 'Idempotency-Key',
        in: 'header',
        required: false,
        description: expect.stringContaining('the same key again from the same user'),
        schema: expect.objectContaining({ type: 'string', minLength: 8, maxLength: 128 }),
      });
    }
    const { parameters } = operation('updatePlace') as unknown as { parameters: { in: string }[] };
    expect(parameters.filter((parameter) => parameter.in === 'header')).toEqual([]);
  });

  it('names who may call each endpoint: a session, an API token of a scope, or anyone', () => {
    const security = (name: keyof typeof endpoints) =>
      (operation(name) as unknown as { security?: unknown }).security;
    expect(security('createPlace')).toEqual([{ sessionCookie: [] }, { apiToken: ['places:propose'] }]);
    expect(security('getPlace')).toEqual([{}, { apiToken: ['places:read'] }]);
    expect(security('categories')).toEqual([{}, { apiToken: [] }]);
    expect(security('importPlaces')).toEqual([{ sessionCookie: [] }, { apiToken: ['import'] }]);
    // Tokens never reach the tokens, nor the account.
    expect(security('createApiToken')).toEqual([{ sessionCookie: [] }]);
    expect(security('changePassword')).toEqual([{ sessionCookie: [] }]);
    expect(security('login')).toBeUndefined();
    expect(document.components.securitySchemes.apiToken).toMatchObject({ type: 'http', scheme: 'bearer' });
  });

  it('describes the GeoJSON export as a FeatureCollection of points, the CSV export as text', () => {
    const geojson = operation('exportGeoJson').responses['200']?.content?.['application/geo+json']?.schema;
    expect(geojson).toMatchObject({
      type: 'object',
      properties: {
        type: { const: 'FeatureCollection' },
        features: {
          type: 'array',
          items: { properties: { geometry: { properties: { type: { const: 'Point' } } } } },
        },
      },
    });
    expect(operation('exportCsv').responses['200']?.content?.['text/csv']?.schema).toMatchObject({
      type: 'string',
    });
  });
});
