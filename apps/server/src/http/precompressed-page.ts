import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * A page built once at start, with brotli and gzip copies made then too, as the build makes them
 * for the static files (sent the same way: the copy the client takes, `Vary: Accept-Encoding`).
 */
export interface PrecompressedPage {
  plain: Buffer;
  br: Buffer;
  gzip: Buffer;
}

export function precompressedPage(html: string): PrecompressedPage {
  const plain = Buffer.from(html, 'utf8');
  return {
    plain,
    br: brotliCompressSync(plain, {
      params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
    }),
    gzip: gzipSync(plain, { level: 9 }),
  };
}

/** Whether `Accept-Encoding` takes `coding` (named, and not refused with `q=0`). */
export function acceptsEncoding(header: string, coding: string): boolean {
  return header.split(',').some((part) => {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    return name.trim() === coding && !params.some((param) => /^\s*q=0(\.0*)?\s*$/.test(param));
  });
}

/** Sends the copy the client accepts: brotli, then gzip, then the plain page. */
export function sendPrecompressed(request: FastifyRequest, reply: FastifyReply, page: PrecompressedPage) {
  const header = String(request.headers['accept-encoding'] ?? '');
  const vary = reply.getHeader('vary');
  reply.header('vary', vary ? `${String(vary)}, accept-encoding` : 'accept-encoding');
  if (acceptsEncoding(header, 'br')) return reply.header('content-encoding', 'br').send(page.br);
  if (acceptsEncoding(header, 'gzip')) return reply.header('content-encoding', 'gzip').send(page.gzip);
  return reply.send(page.plain);
}
