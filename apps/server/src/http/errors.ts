import { type ErrorBody, type ErrorCode, type FieldIssue, FieldIssueCode } from '@karta/contracts';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ZodError, type z } from 'zod';
import { DatabaseError, DatabaseUnavailableError } from '../db/database.ts';
import { databaseErrorAnswer } from './database-errors.ts';

/**
 * The one HTTP status of each error code (docs/product-rules.md §7 Errors): every error the API
 * sends takes its status from here, so a code means the same to every client wherever it comes
 * from, and a new code without a status fails the typecheck.
 */
export const STATUS_OF: Readonly<Record<ErrorCode, number>> = {
  validation_error: 400,
  unauthorized: 401,
  invalid_credentials: 401,
  reset_link_invalid: 400,
  verification_link_invalid: 400,
  registration_link_invalid: 400,
  wrong_password: 400,
  mail_off: 404,
  registration_refused: 400,
  forbidden: 403,
  forbidden_origin: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  url_too_long: 414,
  unsupported_media_type: 415,
  photo_refused: 422,
  too_many_photos: 422,
  too_many_pending_photos: 422,
  too_many_uploads: 429,
  invalid_transition: 422,
  import_refused: 422,
  rate_limited: 429,
  links_not_allowed: 400,
  sender_blocked: 403,
  idempotency_key_reused: 422,
  offline_area_too_large: 422,
  basemap_area_too_large: 400,
  too_many_open_proposals: 429,
  internal_error: 500,
  database_unavailable: 503,
  query_timeout: 503,
  insufficient_storage: 507,
  server_busy: 503,
  geocoder_unavailable: 503,
  geocoding_in_progress: 409,
  token_invalid: 401,
  token_not_allowed: 403,
  too_many_tokens: 422,
  place_held: 409,
  password_login_off: 403,
  last_sign_in_method: 409,
  oembed_format_unsupported: 501,
};

/** Headers an error's answer carries besides the error shape (`Retry-After`, say). */
export type ErrorHeaders = Readonly<Record<string, string | number>>;

/**
 * An error meant for the client: its code, message and details are sent as they are, with the
 * code's status (STATUS_OF) and its `headers`. Domains throw it, or errors that extend it, so
 * routes need not translate them.
 */
export class AppError extends Error {
  readonly status: number;
  readonly headers?: ErrorHeaders;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
    options: { headers?: ErrorHeaders } = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.status = STATUS_OF[code];
    if (options.headers) this.headers = options.headers;
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

/** The message of a 400 `validation_error` whose details name the fields. */
export const NOT_VALID_MESSAGE = 'The request is not valid';

export function validationError(issues: FieldIssue[], message = NOT_VALID_MESSAGE): AppError {
  return new AppError('validation_error', message, issues);
}

/** Fastify's own 4xx errors, by code, in our words. */
const FASTIFY_ERRORS: Record<string, { code: ErrorCode; message: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'payload_too_large', message: 'The request body is too large' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    code: 'unsupported_media_type',
    message: 'Unsupported content type: send application/json',
  },
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'validation_error', message: 'The request body is not valid JSON' },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    code: 'validation_error',
    message: 'The request body is empty but its content type is JSON',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    code: 'validation_error',
    message: 'The Content-Length header does not match the body',
  },
  FST_ERR_BAD_URL: { code: 'validation_error', message: 'The URL is not valid' },
  FST_ERR_MAX_PARAM_LENGTH: { code: 'url_too_long', message: 'The URL is too long' },
};

/** The code of each 4xx status that Fastify or a plugin may give an error of its own. */
const CODE_OF_STATUS: Readonly<Partial<Record<number, ErrorCode>>> = {
  400: 'validation_error',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'payload_too_large',
  414: 'url_too_long',
  415: 'unsupported_media_type',
  429: 'rate_limited',
};

/** What `toHttpError` answers: the status, the body, headers to add, and whether it was expected. */
export interface HttpError {
  status: number;
  body: ErrorBody;
  headers?: ErrorHeaders;
  /** False for bugs (logged as errors and reported). */
  expected: boolean;
}

/** What the client gets for `error`, each code with its status from STATUS_OF. */
export function toHttpError(error: unknown): HttpError {
  const reply = (code: ErrorCode, message: string, details?: unknown, headers?: ErrorHeaders): HttpError => ({
    status: STATUS_OF[code],
    body: errorBody(code, message, details),
    ...(headers ? { headers } : {}),
    expected: true,
  });
  if (error instanceof AppError) return reply(error.code, error.message, error.details, error.headers);
  if (error instanceof ZodError) return reply('validation_error', NOT_VALID_MESSAGE, fieldIssues(error));
  if (error instanceof DatabaseUnavailableError) {
    return reply('database_unavailable', 'The database is not available. Please try again shortly.');
  }
  if (error instanceof DatabaseError) {
    const answer = databaseErrorAnswer(error.code);
    if (answer) return reply(answer.code, answer.message);
  }
  if (error instanceof NotReadyError) return reply('database_unavailable', error.publicMessage);
  const fastifyError = error as Partial<FastifyError>;
  const known = fastifyError.code ? FASTIFY_ERRORS[fastifyError.code] : undefined;
  if (known) return reply(known.code, known.message);
  const status = fastifyError.statusCode;
  // Other 4xx errors from Fastify or its plugins describe the request, not our internals. A status
  // of HTTP itself that no code of ours names (a 412 of a static file's precondition, say) is
  // kept, with `not_found` for a 405 and `validation_error` for the rest: the one kind of answer
  // whose status is not its code's.
  if (typeof status === 'number' && status >= 400 && status < 500) {
    const code = CODE_OF_STATUS[status];
    const message = fastifyError.message || NOT_VALID_MESSAGE;
    if (code) return reply(code, message);
    return { ...reply(status === 405 ? 'not_found' : 'validation_error', message), status };
  }
  return { ...reply('internal_error', INTERNAL_ERROR_MESSAGE), expected: false };
}

function errorBody(code: ErrorCode, message: string, details?: unknown): ErrorBody {
  return { error: details === undefined ? { code, message } : { code, message, details } };
}

/**
 * Sends the error shape (docs/product-rules.md §7 Errors), with its code's status unless `status`
 * says otherwise (only `toHttpError`'s statuses of HTTP itself do), and `headers`.
 */
export function sendError(
  reply: FastifyReply,
  body: ErrorBody,
  { status = STATUS_OF[body.error.code], headers }: { status?: number; headers?: ErrorHeaders } = {},
) {
  if (headers) reply.headers(headers);
  return reply.status(status).type('application/json; charset=utf-8').send(body);
}

/** Hook for reporting unexpected errors (Sentry); set by the app. */
export type ErrorReporter = (error: unknown, request: FastifyRequest) => void;
