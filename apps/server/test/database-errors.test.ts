import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { ErrorBody } from '@karta/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatabaseError } from '../src/db/database.ts';
import { toHttpError } from '../src/http/errors.ts';
import { postJson, signedInUser } from './support/auth.ts';
import { databaseAvailable, dbKind, startTestApp, type TestApp } from './support/test-app.ts';

/** The error the database raises for `sql` (run with `params`). */
async function databaseErrorOf(t: TestApp, sql: string, params: unknown[] = []): Promise<unknown> {
  return t.database.query(sql, params).then(
    () => expect.fail(`${sql} did not fail`),
    (error: unknown) => error,
  );
}

describe.skipIf(!databaseAvailable)(`database errors and malformed requests (${dbKind})`, () => {
  let t: TestApp;
  const reported: unknown[] = [];
  beforeAll(async () => {
    t = await startTestApp({
      demo: false,
      reportError: (error) => reported.push(error),
      configure(app) {
        app.post('/api/v1/test/echo', async (request) => ({ received: request.body }));
      },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  const expectError = (response: { statusCode: number; body: string }, status: number, code: string) => {
    expect(response.statusCode, response.body).toBe(status);
    const body = ErrorBody.parse(JSON.parse(response.body));
    expect(body.error.code).toBe(code);
    return body;
  };

  it('answers a NUL byte that reaches the database with 400, not 500, and reports nothing', async () => {
    const before = reported.length;
    const admin = await signedInUser(t.app, 'admin');
    const responses = [
      await t.app.inject({ method: 'GET', url: '/api/v1/places?q=caf%00e' }),
      await postJson(t.app, '/api/v1/auth/login', { email: 'ana\u0000@example.org', password: 'x' }),
      await t.app.inject({ method: 'GET', url: '/api/v1/users?q=a%00', headers: admin.headers }),
    ];
    for (const response of responses) expectError(response, 400, 'validation_error');
    expect(reported).toHaveLength(before);
  });

  it('maps data exceptions (22) and integrity violations (23) from the database to 400', async () => {
    const nul = await databaseErrorOf(t, 'SELECT $1::text AS value', ['a\u0000b']);
    const outOfRange = await databaseErrorOf(t, 'SELECT $1::int AS value', [2147483648]);
    await t.database.query(
      `INSERT INTO categories (slug, name, color, icon) VALUES ('dup', '{}', '#000000', 'x')`,
    );
    const duplicate = await databaseErrorOf(
      t,
      `INSERT INTO categories (slug, name, color, icon) VALUES ('dup', '{}', '#000000', 'x')`,
    );
    for (const [error, sqlState] of [
      [nul, '22'],
      [outOfRange, '22'],
      [duplicate, '23'],
    ] as const) {
      expect((error as DatabaseError).code?.slice(0, 2)).toBe(sqlState);
      const mapped = toHttpError(error);
      expect(mapped).toMatchObject({
        status: 400,
        expected: true,
        body: { error: { code: 'validation_error' } },
      });
      // The database's own text (which may quote stored values) stays in the log.
      expect(mapped.body.error.message).not.toContain((error as Error).message);
    }
  });

  it('maps a full disk to 507 and a database going away to 503, as expected conditions', () => {
    const cases = [
      ['53100', 507, 'insufficient_storage'],
      ['53200', 503, 'database_unavailable'],
      ['57P01', 503, 'database_unavailable'],
      ['08006', 503, 'database_unavailable'],
    ] as const;
    for (const [code, status, errorCode] of cases) {
      const mapped = toHttpError(new DatabaseError('could not extend file: No space left on device', code));
      expect(mapped, code).toMatchObject({ status, expected: true, body: { error: { code: errorCode } } });
    }
    expect(toHttpError(new DatabaseError('syntax error at or near', '42601')).status).toBe(500);
  });

  it('refuses a JSON body that is not valid UTF-8 instead of storing U+FFFD', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: Buffer.concat([Buffer.from('{"name":"caf'), Buffer.from([0xc3]), Buffer.from('"}')]),
    });
    expectError(response, 400, 'validation_error');
    const good = await t.app.inject({
      method: 'POST',
      url: '/api/v1/test/echo',
      headers: { 'content-type': 'application/json; charset=utf-8' },
      payload: Buffer.from('{"name":"café"}'),
    });
    expect(good.json()).toEqual({ received: { name: 'café' } });
    expectError(
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/test/echo',
        headers: { 'content-type': 'application/json' },
        payload: '{"__proto__":{"x":1}}',
      }),
      400,
      'validation_error',
    );
  });

  it('answers headers that are too large (431) in the error shape', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const socket = connect(port, '127.0.0.1');
    await once(socket, 'connect');
    socket.write(`GET /api/v1/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(40_000)}\r\n\r\n`);
    let raw = '';
    socket.on('data', (chunk) => {
      raw += chunk.toString();
    });
    await once(socket, 'close');
    const [head = '', body = ''] = raw.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 431 /);
    expect(head.toLowerCase()).toContain('content-type: application/json');
    expect(ErrorBody.parse(JSON.parse(body)).error.code).toBe('validation_error');
  });
});
