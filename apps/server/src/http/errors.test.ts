import { ErrorCode } from '@karta/contracts';
import { describe, expect, it } from 'vitest';
import { AppError, NotReadyError, STATUS_OF, toHttpError } from './errors.ts';

/** An error as Fastify or a plugin raises it. */
const fastifyError = (statusCode: number, code?: string) =>
  Object.assign(new Error('As Fastify says it'), { statusCode, ...(code ? { code } : {}) });

describe('one status for each error code (docs/product-rules.md §7 Errors)', () => {
  it('has a 4xx or 5xx for every code', () => {
    for (const code of ErrorCode.options) expect(STATUS_OF[code], code).toBeGreaterThanOrEqual(400);
  });

  it('gives an AppError its code’s status, its details and its headers', () => {
    const error = new AppError('server_busy', 'Busy', { max: 1 }, { headers: { 'retry-after': 5 } });
    expect(error.status).toBe(503);
    expect(toHttpError(error)).toEqual({
      status: 503,
      body: { error: { code: 'server_busy', message: 'Busy', details: { max: 1 } } },
      headers: { 'retry-after': 5 },
      expected: true,
    });
    expect(toHttpError(new AppError('conflict', 'Stale'))).toMatchObject({ status: 409, expected: true });
  });

  it('answers Fastify’s own errors with our codes, each with its status', () => {
    const cases = [
      ['FST_ERR_CTP_INVALID_MEDIA_TYPE', 415, 'unsupported_media_type'],
      ['FST_ERR_CTP_BODY_TOO_LARGE', 413, 'payload_too_large'],
      ['FST_ERR_CTP_INVALID_JSON_BODY', 400, 'validation_error'],
      ['FST_ERR_MAX_PARAM_LENGTH', 414, 'url_too_long'],
    ] as const;
    for (const [fastifyCode, status, code] of cases) {
      const answer = toHttpError(fastifyError(status, fastifyCode));
      expect(answer, fastifyCode).toMatchObject({ status, body: { error: { code } } });
      expect(STATUS_OF[code]).toBe(status);
    }
  });

  it('names other 4xx errors of plugins by their status, and keeps a status of HTTP no code names', () => {
    for (const [status, code] of [
      [401, 'unauthorized'],
      [404, 'not_found'],
      [415, 'unsupported_media_type'],
      [429, 'rate_limited'],
    ] as const) {
      expect(toHttpError(fastifyError(status))).toMatchObject({ status, body: { error: { code } } });
    }
    expect(toHttpError(fastifyError(412))).toMatchObject({
      status: 412,
      body: { error: { code: 'validation_error' } },
    });
  });

  it('answers a part not ready with 503 and a bug with 500, reported', () => {
    expect(toHttpError(new NotReadyError('building', 'Not yet'))).toMatchObject({
      status: 503,
      body: { error: { code: 'database_unavailable', message: 'Not yet' } },
    });
    expect(toHttpError(new TypeError('x is undefined'))).toMatchObject({
      status: 500,
      body: { error: { code: 'internal_error' } },
      expected: false,
    });
  });
});
