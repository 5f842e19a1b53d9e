import { Readable } from 'node:stream';
import type { ExportQuery } from '@karta/contracts';
import type { FastifyReply } from 'fastify';
import { reportError } from '../observability/sentry.ts';
import type { PhotoRepository } from '../photos/photo-repository.ts';
import type { PlaceFieldFilter } from '../places/field-filters.ts';
import type { PlaceRepository } from '../places/place-repository.ts';
import { type ExportCategory, type ExportedPlace, exportPages, withPhotoUrls } from './place-export.ts';

/** What a format writes besides the places: the site's origin (for links) and its categories' fields. */
export interface ExportContext {
  origin: string;
  /** Every category in display order, with its active fields (CSV's `x_<key>` columns). */
  categories: readonly ExportCategory[];
}

/** How one export format is written: its content type, file extension and chunks. */
export interface ExportFormat {
  type: string;
  extension: string;
  chunks: (pages: AsyncIterable<ExportedPlace[]>, context: ExportContext) => AsyncIterable<string>;
}

/** `karta-places-2026-11-22.csv`: the day of the export in the name, so downloads do not clash. */
function fileName(extension: string): string {
  return `karta-places-${new Date().toISOString().slice(0, 10)}.${extension}`;
}

/**
 * `source` with its first item already read. The first page is the first database query, so a
 * request the database refuses fails here, while the answer can still be an error status, not a
 * 200 that breaks after its first byte.
 */
export async function readFirst<T>(source: AsyncIterable<T>): Promise<AsyncIterable<T>> {
  const iterator = source[Symbol.asyncIterator]();
  const first = await iterator.next();
  return (async function* () {
    if (first.done) return;
    yield first.value;
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
  })();
}

/**
 * The chunks, with an error after the first byte logged and reported before it cuts the download.
 * The status is sent by then: Fastify destroys the response, which is chunked, so it ends without
 * its last chunk and every client sees an incomplete transfer, never a complete-looking file.
 */
async function* reported(reply: FastifyReply, chunks: AsyncIterable<string>) {
  try {
    yield* chunks;
  } catch (error) {
    reply.request.log.error({ err: error }, 'export failed after its first byte: the download is cut short');
    reportError(error, reply.request);
    throw error;
  }
}

/** Streams `chunks` as a download (one chunk buffered at a time, so memory stays flat). */
export function sendDownload(
  reply: FastifyReply,
  download: { type: string; extension: string; chunks: AsyncIterable<string> },
) {
  reply
    .type(download.type)
    .header('content-disposition', `attachment; filename="${fileName(download.extension)}"`)
    .header('x-content-type-options', 'nosniff');
  return reply.send(Readable.from(reported(reply, download.chunks), { highWaterMark: 1 }));
}

/**
 * The published places matching `query` (and `fieldFilters`, its `f.<key>` as read against the
 * categories' fields) as a download of `format`: the first page is read before the first byte
 * (see `readFirst`); the query itself was checked by the route's contract.
 */
export async function sendExport(
  reply: FastifyReply,
  options: ExportContext & {
    repository: PlaceRepository;
    photos: PhotoRepository;
    query: ExportQuery;
    fieldFilters: readonly PlaceFieldFilter[];
    format: ExportFormat;
  },
) {
  const { origin, categories } = options;
  const places = exportPages(options.repository, options.query, options.fieldFilters);
  const pages = await readFirst(withPhotoUrls(places, options.photos, origin));
  const { type, extension, chunks } = options.format;
  return sendDownload(reply, { type, extension, chunks: chunks(pages, { origin, categories }) });
}
