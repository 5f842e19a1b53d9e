import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply } from 'fastify';
import { BROTLI_OPTIONS } from './compression.ts';

/**
 * A page built once at start, with brotli and gzip copies made then too, as the build makes them
 * for the static files (sent the same way: the copy the client takes, `Vary: Accept-Encoding`).
 */
export interface PrecompressedPage {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

export function precompressedPage(html: string): PrecompressedPage {
  const identity = Buffer.from(html, 'utf8');
  return {
    identity,
    br: brotliCompressSync(identity, {
      params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
    }),
    gzip: gzipSync(identity, { level: 9 }),
  };
}

/**
 * Sends the copy `Accept-Encoding` prefers (by the negotiator @fastify/static uses for the
 * static files' copies), the plain page when it names neither.
 */
export function sendPrecompressed(reply: FastifyReply, page: PrecompressedPage) {
  const vary = reply.getHeader('vary');
  reply.header('vary', vary ? `${String(vary)}, accept-encoding` : 'accept-encoding');
  const coding = negotiate(String(reply.request.headers['accept-encoding'] ?? ''), ['br', 'gzip']);
  if (coding === 'br' || coding === 'gzip')
    return reply.header('content-encoding', coding).send(page[coding]);
  return reply.send(page.identity);
}

/**
 * A page made for this request (a place's page with its own discovery link): compressed now, in
 * the coding `Accept-Encoding` prefers, at the on-the-fly settings of the API's answers
 * (compression.ts); the error pages and routes-less answers do not pass through that plugin.
 */
export function sendCompressedNow(reply: FastifyReply, html: string) {
  const vary = reply.getHeader('vary');
  reply.header('vary', vary ? `${String(vary)}, accept-encoding` : 'accept-encoding');
  const coding = negotiate(String(reply.request.headers['accept-encoding'] ?? ''), ['br', 'gzip']);
  const identity = Buffer.from(html, 'utf8');
  if (coding === 'br')
    return reply.header('content-encoding', 'br').send(brotliCompressSync(identity, BROTLI_OPTIONS));
  if (coding === 'gzip')
    return reply.header('content-encoding', 'gzip').send(gzipSync(identity, { level: 6 }));
  return reply.send(identity);
}
