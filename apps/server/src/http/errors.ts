import { type ErrorBody, type ErrorCode, type FieldIssue, FieldIssueCode } from '@karta/contracts';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ZodError, type z } from 'zod';
import { DatabaseError, DatabaseUnavailableError } from '../db/database.ts';
import { databaseErrorAnswer } from './database-errors.ts';

/** An error meant for the client: its status, code and message are sent as they are. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/**
 * A part of the server that cannot answer yet (the map index while it builds, or after its worker
 * failed): 503 `database_unavailable` with `publicMessage`, an expected answer. Its own message is
 * for the log. Subclassed where such a part lives, so this folder knows no domain.
 */
export class NotReadyError extends Error {
  constructor(
    message: string,
    readonly publicMessage: string,
  ) {
    super(message);
    this.name = 'NotReadyError';
  }
}

/** Shown for every 5xx we did not plan: the real text goes to the log and Sentry, never out. */
export const INTERNAL_ERROR_MESSAGE = 'Something went wrong on our side. The error has been reported.';

/**
 * `[{path, message}]` for every failed field: what the web app shows beside each input. Checks
 * that name a code for translation (`params.code`, see the auth contracts) add it and its numbers.
 */
export function fieldIssues(error: z.ZodError): FieldIssue[] {
  return error.issues.map((issue) => {
    const path = issue.path.map(String).join('.') || '(root)';
    const custom: Record<string, unknown> = issue.code === 'custom' ? (issue.params ?? {}) : {};
    const { code, ...params } = custom;
    const known = FieldIssueCode.safeParse(code);
    if (!known.success) return { path, message: issue.message };
    const numbers = Object.fromEntries(
      Object.entries(params).filter(([, value]) => typeof value === 'number'),
    );
    return {
      path,
      message: issue.message,
      code: known.data,
      ...(Object.keys(numbers).length > 0 ? { params: numbers as Record<string, number> } : {}),
    };
  });
}

export function validationError(issues: FieldIssue[], message = 'The request is not valid'): AppError {
  return new AppError(400, 'validation_error', message, issues);
}

/** Fastify's own 4xx errors, by code, in our words. */
const FASTIFY_ERRORS: Record<string, { status: number; code: ErrorCode; message: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: {
    status: 413,
    code: 'payload_too_large',
    message: 'The request body is too large',
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: 'validation_error',
    message: 'Unsupported content type: send application/json',
  },
  FST_ERR_CTP_INVALID_JSON_BODY: {
    status: 400,
    code: 'validation_error',
    message: 'The request body is not valid JSON',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    status: 400,
    code: 'validation_error',
    message: 'The request body is empty but its content type is JSON',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    code: 'validation_error',
    message: 'The Content-Length header does not match the body',
  },
  FST_ERR_BAD_URL: { status: 400, code: 'validation_error', message: 'The URL is not valid' },
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, code: 'validation_error', message: 'The URL is too long' },
};

function codeForStatus(status: number): ErrorCode {
  switch (status) {
    case 401:
      return 'unauthorized';
    case 403:
      return 'forbidden';
    case 404:
    case 405:
      return 'not_found';
    case 409:
      return 'conflict';
    case 413:
      return 'payload_too_large';
    case 429:
      return 'rate_limited';
    default:
      return 'validation_error';
  }
}

/** What the client gets for `error`; `expected` is false for bugs (logged as errors and reported). */
export function toHttpError(error: unknown): { status: number; body: ErrorBody; expected: boolean } {
  const reply = (status: number, code: ErrorCode, message: string, details?: unknown, expected = true) => ({
    status,
    body: { error: details === undefined ? { code, message } : { code, message, details } },
    expected,
  });
  if (error instanceof AppError) return reply(error.status, error.code, error.message, error.details);
  if (error instanceof ZodError)
    return reply(400, 'validation_error', 'The request is not valid', fieldIssues(error));
  if (error instanceof DatabaseUnavailableError) {
    return reply(503, 'database_unavailable', 'The database is not available. Please try again shortly.');
  }
  if (error instanceof DatabaseError) {
    const answer = databaseErrorAnswer(error.code);
    if (answer) return reply(answer.status, answer.code, answer.message);
  }
  if (error instanceof NotReadyError) return reply(503, 'database_unavailable', error.publicMessage);
  const fastifyError = error as Partial<FastifyError>;
  const known = fastifyError.code ? FASTIFY_ERRORS[fastifyError.code] : undefined;
  if (known) return reply(known.status, known.code, known.message);
  const status = fastifyError.statusCode;
  // Other 4xx errors from Fastify or its plugins describe the request, not our internals.
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return reply(status, codeForStatus(status), fastifyError.message || 'The request is not valid');
  }
  return reply(500, 'internal_error', INTERNAL_ERROR_MESSAGE, undefined, false);
}

/** Sends the error shape (docs/product-rules.md §Errors). */
export function sendError(reply: FastifyReply, status: number, body: ErrorBody) {
  return reply.status(status).type('application/json; charset=utf-8').send(body);
}

/** Hook for reporting unexpected errors (Sentry); set by the app. */
export type ErrorReporter = (error: unknown, request: FastifyRequest) => void;
