import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { IMPORT_LIMIT_BYTES } from '@karta/contracts';
import { AppError } from '../http/errors.ts';

export function tooLarge(limit: number): AppError {
  return new AppError(
    413,
    'payload_too_large',
    `The file is larger than the import limit of ${Math.round(limit / 1024 / 1024)} MB (${limit} bytes)`,
  );
}

/** The uploaded file, kept on disk for the import's two readings. */
export interface SpooledFile {
  path: string;
  bytes: number;
  /** The file from its start, as a stream of bytes. */
  open(): Readable;
  remove(): Promise<void>;
}

/**
 * Writes the request body to a temporary file, refusing it (413) once it passes `limit` bytes.
 * The import then reads the file, not the connection: a slow upload never holds a transaction
 * (PGlite runs one at a time) and memory stays flat whatever the file's size.
 */
export async function spoolBody(
  body: AsyncIterable<Buffer>,
  limit = IMPORT_LIMIT_BYTES,
): Promise<SpooledFile> {
  const folder = await mkdtemp(join(tmpdir(), 'karta-import-'));
  const path = join(folder, 'upload');
  const remove = () => rm(folder, { recursive: true, force: true });
  let bytes = 0;
  try {
    await pipeline(
      body,
      async function* count(source: AsyncIterable<Buffer>) {
        for await (const chunk of source) {
          bytes += chunk.length;
          if (bytes > limit) throw tooLarge(limit);
          yield chunk;
        }
      },
      createWriteStream(path),
    );
  } catch (error) {
    await remove();
    throw error;
  }
  return { path, bytes, open: () => createReadStream(path), remove };
}
