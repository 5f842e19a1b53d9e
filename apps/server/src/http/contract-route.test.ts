import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { defineRoute, fastifyPath } from './contract-route.ts';
import { sendError, toHttpError } from './errors.ts';

/** A bare Fastify with the app's error handler: the route plumbing on its own, no database. */
function bareApp() {
  const app = Fastify();
  app.setErrorHandler((error, _request, reply) => {
    const { status, body, headers } = toHttpError(error);
    return sendError(reply, body, { status, headers });
  });
  return app;
}

describe('defineRoute', () => {
  it('hands the handler parsed input and answers bad input with field details', async () => {
    const app = bareApp();
    let seen: unknown;
    defineRoute(app, 'similarPlaces', async ({ query }) => {
      seen = query;
      return { items: [] };
    });
    const ok = await app.inject('/api/v1/places/similar?near=45.8,16&name=Ljekarna&exclude=4');
    expect(ok.statusCode).toBe(200);
    expect(seen).toEqual({ near: { lat: 45.8, lng: 16 }, name: 'Ljekarna', exclude: 4 });

    const bad = await app.inject('/api/v1/places/similar?near=north&name=x');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      error: {
        code: 'validation_error',
        message: 'The request query is not valid',
        details: [{ path: 'near', message: expect.any(String) }],
      },
    });
  });

  it('parses the headers an entry declares, whatever their case, and answers a bad one with 400', async () => {
    const app = bareApp();
    const seen: unknown[] = [];
    defineRoute(
      app,
      'createPlace',
      async (request, reply) => {
        seen.push(request.headers['Idempotency-Key']);
        return reply.send({});
      },
      { checkResponse: false },
    );
    const send = (headers: Record<string, string>) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/places',
        headers,
        payload: { categoryId: 1, name: { en: 'Fridge' }, lat: 45.8, lng: 16 },
      });
    expect((await send({ 'idempotency-key': 'draft-0001' })).statusCode).toBe(201);
    expect((await send({ 'IDEMPOTENCY-KEY': 'draft-0002' })).statusCode).toBe(201);
    expect((await send({})).statusCode).toBe(201);
    expect(seen).toEqual(['draft-0001', 'draft-0002', undefined]);

    const bad = await send({ 'idempotency-key': 'not a key' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      error: {
        code: 'validation_error',
        message: 'The request header is not valid',
        details: [{ path: 'Idempotency-Key', message: expect.any(String) }],
      },
    });
    expect(seen).toHaveLength(3);
  });

  it('answers with the success status of the entry, the body as its schema writes it', async () => {
    const app = bareApp();
    defineRoute(app, 'flagPlace', async ({ params }) => {
      // What a repository might hold beyond the contract: never sent.
      const row = { internalNote: 'never sent', createdAt: '2026-11-23T10:00:00.000Z' };
      return { id: 1, placeId: params.id, photoId: null, reason: 'duplicate', status: 'open', ...row };
    });
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/places/9/flags',
      payload: { reason: 'duplicate' },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).not.toHaveProperty('internalNote');
    expect(response.json()).toMatchObject({ id: 1, placeId: 9 });
  });

  it('refuses to send a success body that breaks its contract', async () => {
    const app = bareApp();
    defineRoute(app, 'categories', async () => ({ items: [{ slug: 'Not A Slug' }] }) as never);
    const response = await app.inject('/api/v1/categories');
    expect(response.statusCode).toBe(500);
    expect(response.json().error.code).toBe('internal_error');
  });

  it('lets a route rewrite its body issues, and refuse a body the contract accepts', async () => {
    const app = bareApp();
    defineRoute(app, 'login', async () => ({ id: 1 }) as never, {
      bodyIssues: (input, issues) => [
        ...issues.map((issue) => ({ ...issue, code: 'invalid' as const })),
        ...(input.password === 'forbidden'
          ? [{ path: 'password', message: 'No', code: 'invalid' as const }]
          : []),
      ],
    });
    const refused = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: 'ana@example.org', password: 'forbidden' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.details).toEqual([{ path: 'password', message: 'No', code: 'invalid' }]);
  });

  it('writes OpenAPI paths as Fastify paths', () => {
    expect(fastifyPath('/api/v1/places/{id}/history')).toBe('/api/v1/places/:id/history');
  });
});
