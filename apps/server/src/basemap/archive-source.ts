import { open } from 'node:fs/promises';
import { GetObjectCommand, HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { RangeResponse, Source } from 'pmtiles';
import type { ArchiveLocation } from '../config/basemap.ts';
import { type S3Settings, s3ClientConfig } from '../config/s3.ts';

/** Byte ranges of one PMTiles archive, as the `pmtiles` library reads it, and a way to let it go. */
export interface ArchiveSource extends Source {
  /** Where the archive is, for messages and logs: a path or `s3://bucket/key`. */
  readonly name: string;
  /** The archive's size in bytes and a token that changes when it is replaced. */
  describe(): Promise<{ size: number; version: string }>;
  close(): Promise<void>;
}

/** `bytes` as the ArrayBuffer the `pmtiles` library takes, copied only when it is a view of more. */
function arrayBufferOf(bytes: Uint8Array): ArrayBuffer {
  const { buffer, byteOffset, byteLength } = bytes;
  return buffer instanceof ArrayBuffer && byteOffset === 0 && byteLength === buffer.byteLength
    ? buffer
    : (bytes.slice().buffer as ArrayBuffer);
}

/**
 * An archive on disk, read by ranges through one file handle kept open: a replaced file (renamed
 * over) is read again only after a restart, so every answer comes from one archive.
 */
export async function fileArchiveSource(path: string): Promise<ArchiveSource> {
  const handle = await open(path, 'r');
  return {
    name: path,
    getKey: () => path,
    async getBytes(offset, length): Promise<RangeResponse> {
      const buffer = Buffer.alloc(length);
      const { bytesRead } = await handle.read(buffer, 0, length, offset);
      return { data: arrayBufferOf(buffer.subarray(0, bytesRead)) };
    },
    async describe() {
      const stats = await handle.stat();
      return { size: stats.size, version: `${stats.size}-${stats.mtimeMs}` };
    },
    close: () => handle.close(),
  };
}

/** An archive in an S3-compatible bucket, read by ranged GETs with the S3_* settings. */
export function s3ArchiveSource(settings: S3Settings, key: string): ArchiveSource {
  const client = new S3Client(s3ClientConfig(settings));
  const Bucket = settings.bucket;
  const name = `s3://${Bucket}/${key}`;
  return {
    name,
    getKey: () => name,
    async getBytes(offset, length, signal): Promise<RangeResponse> {
      const answer = await client.send(
        new GetObjectCommand({ Bucket, Key: key, Range: `bytes=${offset}-${offset + length - 1}` }),
        { abortSignal: signal },
      );
      const bytes = answer.Body ? await answer.Body.transformToByteArray() : new Uint8Array();
      return { data: arrayBufferOf(bytes) };
    },
    async describe() {
      const head = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
      return { size: head.ContentLength ?? 0, version: head.ETag ?? String(head.LastModified?.getTime()) };
    },
    async close() {
      client.destroy();
    },
  };
}

/** The source BASEMAP_PMTILES names. */
export function openArchiveSource(location: ArchiveLocation): Promise<ArchiveSource> {
  return location.kind === 's3'
    ? Promise.resolve(s3ArchiveSource(location.s3, location.key))
    : fileArchiveSource(location.path);
}
