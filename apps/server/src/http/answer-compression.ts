import { hash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { acceptsBrotli, acceptsGzip, COMPRESSION_THRESHOLD_BYTES } from './compression.ts';

/**
 * JSON answers up to this size are compressed here in one call; larger ones (a long list, an
 * export) go through @fastify/compress's streams, off the event loop.
 */
export const ANSWER_SIZE_LIMIT = 64 * 1024;

/**
 * Brotli quality 2 for answers compressed as they are sent: on the map's answers it took 0.08 ms
 * each against 0.11 ms at quality 4, for 3% more bytes (docs/performance.md, "API answers compressed once per content").
 */
const BROTLI_QUALITY = 2;
/** gzip for the few clients without brotli: level 3, as fast as brotli's 2. */
const GZIP_LEVEL = 3;

/** Compressed answers kept, in bytes: some thousands of map views. */
const CACHE_BYTES = 16 * 1024 * 1024;

const JSON_TYPE = /^application\/(?:[\w.-]+\+)?json\b/i;

export type Encoding = 'br' | 'gzip';

export function compressAnswer(body: Buffer, encoding: Encoding): Buffer {
  if (encoding === 'gzip') return gzipSync(body, { level: GZIP_LEVEL });
  return brotliCompressSync(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
}

/** The client's preferred coding of those used here, if any. */
function encodingFor(request: FastifyRequest): Encoding | undefined {
  const header = request.headers['accept-encoding'];
  if (acceptsBrotli(header)) return 'br';
  return acceptsGzip(header) ? 'gzip' : undefined;
}

/**
 * Compresses the JSON answers of GET requests once per content: each compressed form is kept
 * under the SHA-256 of the bytes it stands for, so a view, a filter or a list asked again while
 * the data is unchanged is sent from memory (a hash costs 0.005 ms, brotli 0.08 ms and more),
 * and any change of the answer (new data, another hour, another language) is another key: no
 * rule of when to forget can be wrong. Keyed by content, a kept form is only ever sent to someone
 * whose own answer has exactly those bytes. Answers of other kinds, and larger ones, are left to
 * @fastify/compress, which sees the `Content-Encoding` set here and leaves these alone.
 */
export function registerAnswerCompression(app: FastifyInstance, compress = compressAnswer) {
  const kept = new LRUCache<string, Buffer>({
    maxSize: CACHE_BYTES,
    sizeCalculation: (value, key) => value.length + key.length,
  });

  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (request.method !== 'GET' || reply.statusCode !== 200) return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (reply.hasHeader('content-encoding') || !JSON_TYPE.test(String(reply.getHeader('content-type')))) {
      return payload;
    }
    const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
    if (body.length < COMPRESSION_THRESHOLD_BYTES || body.length > ANSWER_SIZE_LIMIT) return payload;
    reply.header('vary', varyWithEncoding(reply.getHeader('vary')));
    const encoding = encodingFor(request);
    if (!encoding) return payload;
    const key = `${encoding}:${hash('sha256', body, 'base64')}`;
    let compressed = kept.get(key);
    if (!compressed) {
      compressed = compress(body, encoding);
      kept.set(key, compressed);
    }
    reply.header('content-encoding', encoding);
    return compressed;
  });
}

/** `Vary` naming Accept-Encoding as well as what it named. */
function varyWithEncoding(vary: ReturnType<FastifyReply['getHeader']>): string {
  const named = String(vary ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name.length > 0);
  if (named.some((name) => name === '*' || name.toLowerCase() === 'accept-encoding')) return named.join(', ');
  return [...named, 'Accept-Encoding'].join(', ');
}
