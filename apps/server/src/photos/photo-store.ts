import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  NoSuchKey,
  NotFound,
  PutObjectCommand,
  paginateListObjectsV2,
  S3Client,
} from '@aws-sdk/client-s3';
import type { PhotoStorageConfig } from '../config/photos.ts';
import { type S3Settings, s3ClientConfig } from '../config/s3.ts';

/**
 * Where processed photos are kept (decision 021): immutable files named by the hash of their
 * bytes, so writing one twice is harmless and a name never points at other bytes.
 */
export interface PhotoStore {
  readonly kind: 'fs' | 's3';
  /**
   * Keeps `bytes` under `key`, made by `photoKey` from those bytes. A key kept already is marked
   * as just written, so the sweep's grace period covers the upload that wrote it again.
   */
  put(key: string, bytes: Uint8Array): Promise<void>;
  /** The bytes under `key`, or null when there are none. */
  get(key: string): Promise<Buffer | null>;
  /** When `key` was last written (see `put`), or null when it is not kept. */
  writtenAt(key: string): Promise<Date | null>;
  /** Removes `key`; nothing happens when it is not there. */
  remove(key: string): Promise<void>;
  /** Every key kept with when it was last written, for the sweep of files no photo refers to. */
  keys(): AsyncIterable<StoredPhoto>;
  /**
   * Removes files left half-written (a crash while writing) before `writtenBefore`; returns how
   * many. Object storage writes whole objects or none, so it has none.
   */
  removeTemporaries(writtenBefore: Date): Promise<number>;
}

export interface StoredPhoto {
  key: string;
  writtenAt: Date;
}

const KEY = /^[0-9a-f]{64}\.webp$/;

/** The name of a processed (WebP) photo: the SHA-256 of its bytes. */
export function photoKey(bytes: Uint8Array): string {
  return `${createHash('sha256').update(bytes).digest('hex')}.webp`;
}

/** A key as `photoKey` makes them, and nothing else: never a path of the caller's choosing. */
function checkedKey(key: string): string {
  if (!KEY.test(key)) throw new Error(`not a photo key: ${key.slice(0, 80)}`);
  return key;
}

/** The end of a file's name while it is written (renamed to its key once whole). */
const TEMPORARY_SUFFIX = '.tmp';

/**
 * Photos as files under `root` (`DATA_DIR/photos`), in folders by the key's first two letters so
 * no folder holds them all. A file is written under a temporary name and renamed, so a crash
 * never leaves a partial photo under its key.
 */
export function fileSystemPhotoStore(root: string): PhotoStore {
  const pathOf = (key: string) => join(root, checkedKey(key).slice(0, 2), key);
  return {
    kind: 'fs',
    async put(key, bytes) {
      const path = pathOf(key);
      // The same key holds the same bytes: a photo kept already is not written again, only touched.
      const now = new Date();
      const kept = await utimes(path, now, now).then(
        () => true,
        () => false,
      );
      if (kept) return;
      await mkdir(dirname(path), { recursive: true });
      const temporary = `${path}.${randomBytes(6).toString('hex')}${TEMPORARY_SUFFIX}`;
      try {
        await writeFile(temporary, bytes);
        await rename(temporary, path);
      } catch (error) {
        // A full disk leaves part of a file: it must not stay to fill it further.
        await rm(temporary, { force: true });
        throw error;
      }
    },
    async get(key) {
      try {
        return await readFile(pathOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async writtenAt(key) {
      const kept = await stat(pathOf(key)).catch(() => null);
      return kept ? kept.mtime : null;
    },
    async remove(key) {
      await rm(pathOf(key), { force: true });
    },
    async removeTemporaries(writtenBefore) {
      let removed = 0;
      for (const folder of await readdir(root).catch(() => [] as string[])) {
        for (const name of await readdir(join(root, folder)).catch(() => [] as string[])) {
          if (!name.endsWith(TEMPORARY_SUFFIX)) continue;
          const path = join(root, folder, name);
          const written = await stat(path).catch(() => null);
          if (!written || written.mtime >= writtenBefore) continue;
          await rm(path, { force: true });
          removed += 1;
        }
      }
      return removed;
    },
    async *keys() {
      const folders = await readdir(root).catch(() => [] as string[]);
      for (const folder of folders) {
        for (const name of await readdir(join(root, folder)).catch(() => [] as string[])) {
          if (!KEY.test(name)) continue;
          // A file removed since the folder was read is simply not there any more.
          const written = await stat(join(root, folder, name)).catch(() => null);
          if (written) yield { key: name, writtenAt: written.mtime };
        }
      }
    },
  };
}

/** The store a deployment's configuration names. */
export function openPhotoStore(storage: PhotoStorageConfig): PhotoStore {
  return storage.kind === 's3' ? s3PhotoStore(storage.s3) : fileSystemPhotoStore(storage.root);
}

/**
 * How long anyone may keep a published photo's file before asking again (with its ETag): a day.
 * Its bytes never change, but a moderator may hide it, for a person's privacy too, and a cache
 * that kept it a year would go on showing it.
 */
export const PUBLISHED_PHOTO_CACHE_CONTROL = 'public, max-age=86400, must-revalidate';

/** Photos in S3-compatible object storage, through AWS's own SDK: what several instances share. */
export function s3PhotoStore(settings: S3Settings): PhotoStore {
  const client = new S3Client(s3ClientConfig(settings));
  const Bucket = settings.bucket;
  return {
    kind: 's3',
    async put(key, bytes) {
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: checkedKey(key),
          Body: bytes,
          ContentType: 'image/webp',
          CacheControl: PUBLISHED_PHOTO_CACHE_CONTROL,
        }),
      );
    },
    async get(key) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: checkedKey(key) }));
        return answer.Body ? Buffer.from(await answer.Body.transformToByteArray()) : null;
      } catch (error) {
        if (error instanceof NoSuchKey) return null;
        throw error;
      }
    },
    async writtenAt(key) {
      try {
        const answer = await client.send(new HeadObjectCommand({ Bucket, Key: checkedKey(key) }));
        return answer.LastModified ?? null;
      } catch (error) {
        if (error instanceof NotFound || error instanceof NoSuchKey) return null;
        throw error;
      }
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: checkedKey(key) }));
    },
    removeTemporaries: async () => 0,
    async *keys() {
      for await (const page of paginateListObjectsV2({ client }, { Bucket })) {
        for (const object of page.Contents ?? []) {
          if (object.Key && KEY.test(object.Key)) {
            yield { key: object.Key, writtenAt: object.LastModified ?? new Date(0) };
          }
        }
      }
    },
  };
}
