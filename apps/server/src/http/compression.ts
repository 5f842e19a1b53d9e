import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Answers smaller than this go as they are: compressing them saves less than it costs. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * Brotli at quality 4 (the plugin's default, spelt out): within a few percent of the best size at
 * a fraction of the CPU; on-the-fly answers must not cost more time than they save. Offline packs
 * are compressed with the same (offline/offline-packs.ts).
 */
export const BROTLI_OPTIONS = { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } };

/**
 * Compresses answers on the fly by the client's `Accept-Encoding` (brotli, then gzip), with
 * `Vary: Accept-Encoding`: the API's JSON above the threshold and streamed downloads (exports,
 * whose size is not known up front). JSON answers of GET requests up to 64 kB are compressed
 * before this, once per content (answer-compression.ts). The web app's assets are compressed once
 * at build and served as they are (web-app.ts); a response that already has a `Content-Encoding`
 * is left alone.
 */
export async function registerCompression(app: FastifyInstance) {
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    threshold: COMPRESSION_THRESHOLD_BYTES,
    brotliOptions: BROTLI_OPTIONS,
    zlibOptions: { level: 6 },
  });
}

/** Whether `Accept-Encoding` takes brotli: named with a weight above 0, or `*` and brotli not refused. */
export const acceptsBrotli = (header: string | undefined): boolean => acceptsCoding(header, 'br');

/** Whether `Accept-Encoding` takes gzip, as `acceptsBrotli` reads it. */
export const acceptsGzip = (header: string | undefined): boolean => acceptsCoding(header, 'gzip');

function acceptsCoding(header: string | undefined, name: string): boolean {
  let named: boolean | undefined;
  let any = false;
  for (const item of (header ?? '').split(',')) {
    const [coding = '', ...params] = item.split(';').map((part) => part.trim().toLowerCase());
    const weight = params.find((param) => param.startsWith('q='));
    const accepted = weight === undefined || Number(weight.slice(2)) > 0;
    if (coding === name) named = accepted;
    else if (coding === '*') any = accepted;
  }
  return named ?? any;
}
