import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { IMPORT_LIMIT_BYTES } from '@karta/contracts';
import { AppError } from '../http/errors.ts';

export function tooLarge(limit: number): AppError {
  return new AppError(
    'payload_too_large',
    `The file is larger than the import limit of ${Math.round(limit / 1024 / 1024)} MB (${limit} bytes)`,
  );
}

/** The uploaded file, kept on disk for the import's two readings. */
export interface SpooledFile {
  path: string;
  bytes: number;
  /**
   * At least as many as the rows the file holds: its line breaks, or its `"Feature"`s if more
   * (a GeoJSON file may be one line). An upper bound for the import's size estimate.
   */
  rows: number;
  /** The file from its start, as a stream of bytes. */
  open(): Readable;
  remove(): Promise<void>;
}

const LINE_BREAK = 0x0a;
const FEATURE = Buffer.from('"Feature"');

/** Counts line breaks and `"Feature"`s across chunks (a match may straddle two of them). */
function rowCounter() {
  let lines = 0;
  let features = 0;
  let tail = Buffer.alloc(0);
  return {
    add(chunk: Buffer) {
      for (let at = chunk.indexOf(LINE_BREAK); at !== -1; at = chunk.indexOf(LINE_BREAK, at + 1)) lines += 1;
      const text = Buffer.concat([tail, chunk]);
      for (let at = text.indexOf(FEATURE); at !== -1; at = text.indexOf(FEATURE, at + 1)) features += 1;
      // Shorter than the pattern, so no match is counted twice.
      tail = text.subarray(Math.max(0, text.length - FEATURE.length + 1));
    },
    get rows() {
      return Math.max(lines, features);
    },
  };
}

/**
 * Writes the request body to a new file in `folder` (this process's upload folder), refusing it
 * (413) once it passes `limit` bytes. The import then reads the file, not the connection: a slow
 * upload never holds a transaction (PGlite runs one at a time) and memory stays flat whatever the
 * file's size. The caller removes it after the import; a start removes what a killed process left.
 */
export async function spoolBody(
  body: AsyncIterable<Buffer>,
  folder: string,
  limit = IMPORT_LIMIT_BYTES,
): Promise<SpooledFile> {
  const ownFolder = await mkdtemp(join(folder, 'upload-'));
  const path = join(ownFolder, 'upload');
  const remove = () => rm(ownFolder, { recursive: true, force: true });
  const counter = rowCounter();
  let bytes = 0;
  try {
    await pipeline(
      body,
      async function* count(source: AsyncIterable<Buffer>) {
        for await (const chunk of source) {
          bytes += chunk.length;
          if (bytes > limit) throw tooLarge(limit);
          counter.add(chunk);
          yield chunk;
        }
      },
      createWriteStream(path),
    );
  } catch (error) {
    await remove();
    throw error;
  }
  return { path, bytes, rows: counter.rows, open: () => createReadStream(path), remove };
}
