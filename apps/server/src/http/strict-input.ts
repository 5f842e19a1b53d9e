import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.ts';

/** Throws on a malformed byte sequence instead of putting U+FFFD in its place. */
const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

/**
 * Replaces Fastify's JSON parser with one that refuses a body that is not valid UTF-8 (400):
 * the default decodes with replacement, so a broken byte was stored as U+FFFD, silently changing
 * the text. Parsing itself stays Fastify's (prototype-poisoning checks, its error codes).
 */
export function registerStrictJsonParser(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    let text: string;
    try {
      text = utf8.decode(body as Buffer);
    } catch {
      done(new AppError('validation_error', 'The request body is not valid UTF-8'), undefined);
      return;
    }
    parseJson(request, text, done);
  });
}

/**
 * The answers Node's HTTP parser leaves to us before any request exists, in the error shape
 * (docs/product-rules.md §Errors).
 */
const CLIENT_ERRORS: Record<string, { status: number; reason: string; message: string }> = {
  HPE_HEADER_OVERFLOW: {
    status: 431,
    reason: 'Request Header Fields Too Large',
    message: 'The request headers are too large',
  },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, reason: 'Request Timeout', message: 'The request took too long' },
};

/**
 * Fastify's `clientErrorHandler`: a request Node could not parse (headers too large, a
 * malformed request line, too slow) gets Karta's error shape rather than Fastify's, then the
 * connection is closed (its stream can no longer be trusted).
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const known = (error.code && CLIENT_ERRORS[error.code]) || {
    status: 400,
    reason: 'Bad Request',
    message: 'The request could not be read',
  };
  const body = JSON.stringify({ error: { code: 'validation_error', message: known.message } });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${known.status} ${known.reason}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
