import type { FastifyReply } from 'fastify';
import { AppError } from '../http/errors.ts';
import type { StoredPhotoRow } from './photo-repository.ts';
import { isPublicPhoto } from './photo-rules.ts';
import { type PhotoStore, PUBLISHED_PHOTO_CACHE_CONTROL } from './photo-store.ts';

/**
 * The 404 of a photo's file that the reader may not see (decision 021): a photo hidden or removed
 * now may have been public before, so no cache keeps its 404 either, and it is shown again as soon
 * as it is published again.
 */
export function noPhotoFile(id: number): AppError {
  return new AppError('not_found', `There is no photo ${id}`, undefined, {
    headers: { 'cache-control': 'no-store' },
  });
}

/**
 * Answers the `size` file of `photo`, which the reader may see: for a published photo of a
 * published place, cached by anyone for a day and then revalidated by its ETag
 * (PUBLISHED_PHOTO_CACHE_CONTROL), 304 when `ifNoneMatch` names it; for any other, kept by nobody.
 */
export async function servePhotoFile(
  reply: FastifyReply,
  store: PhotoStore,
  photo: StoredPhotoRow,
  size: 'thumb' | 'large',
  ifNoneMatch: string | undefined,
): Promise<FastifyReply> {
  const key = size === 'thumb' ? photo.thumbKey : photo.largeKey;
  const bytes = await store.get(key);
  // A row is written only after its files, and files go only when no row names them.
  if (!bytes) throw new Error(`The file of photo ${photo.id} is missing from the photo store`);
  const etag = `"${key.slice(0, 32)}"`;
  reply.header('cache-control', isPublicPhoto(photo) ? PUBLISHED_PHOTO_CACHE_CONTROL : 'private, no-store');
  reply.header('etag', etag);
  if (ifNoneMatch?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
    return reply.code(304).send();
  }
  return reply.type('image/webp').send(bytes);
}
