import type { LatLng } from '@karta/contracts';
import pLimit from 'p-limit';
import { AppError } from '../http/errors.ts';
import type { KeyClaim } from '../http/idempotency.ts';
import type { PlaceStatus } from '../places/place-rules.ts';
import type { NewPhoto, PhotoRepository, StoredPhotoRow } from './photo-repository.ts';
import { type PhotoStore, photoKey } from './photo-store.ts';
import { type PhotoImage, processPhoto, readPhotoPosition } from './process-photo.ts';

/**
 * Photos processed at once. Decoding and encoding are CPU work (sharp's threads, off the event
 * loop); one at a time, with libvips on one thread (process-photo.ts), leaves the other core to
 * the map's answers during a burst of uploads (`npm run bench` measures it).
 */
export const PROCESSING_CONCURRENCY = 1;

/** Uploads that may wait for their turn; past that an upload is refused (503, try again). */
export const UPLOADS_WAITING = 16;

/**
 * Uploads one user may have going at once, from before their body is read until the photo is
 * stored; a third is refused (429 `too_many_uploads`) before its body is read. So one person's
 * burst holds at most this many of the UPLOADS_WAITING places in the queue, and cannot make
 * someone else's single upload fail as busy. Counted in this process, as the rate limits are.
 */
export const UPLOADS_PER_USER = 2;

/** How long an upload refused as busy is told to wait (`Retry-After`, seconds). */
export const BUSY_RETRY_AFTER_S = 5;

/** Too many uploads are waiting to be processed: 503 `server_busy`, with `Retry-After`. */
export class UploadsBusyError extends AppError {
  constructor() {
    super('server_busy', 'Many photos are being processed. Try again in a few seconds.', undefined, {
      headers: { 'retry-after': BUSY_RETRY_AFTER_S },
    });
    this.name = 'UploadsBusyError';
  }
}

/**
 * The user is sending UPLOADS_PER_USER photos already: 429 `too_many_uploads`, with `Retry-After`,
 * before the next one's body is read.
 */
export class TooManyUploadsError extends AppError {
  constructor() {
    super(
      'too_many_uploads',
      `You are sending ${UPLOADS_PER_USER} photos already. Send the next one when one of them is done.`,
      { maximum: UPLOADS_PER_USER },
      { headers: { 'retry-after': BUSY_RETRY_AFTER_S } },
    );
    this.name = 'TooManyUploadsError';
  }
}

export interface UploadResult {
  photo: StoredPhotoRow;
  /** Where the upload's EXIF says it was taken: for the uploader's answer only, never stored. */
  takenAt: LatLng | null;
}

/**
 * Takes an upload from its bytes to a stored photo: processed (in turn, see above), its files
 * written first and its row second, so a crash between them leaves a file the sweep removes,
 * never a row without its file.
 */
export function createPhotoUploads(store: PhotoStore, photos: PhotoRepository) {
  const limit = pLimit(PROCESSING_CONCURRENCY);
  /** Each user's uploads going now (users with none are not in it). */
  const going = new Map<number, number>();

  const keep = async (image: PhotoImage) => {
    const key = photoKey(image.bytes);
    await store.put(key, image.bytes);
    return { key, width: image.width, height: image.height };
  };

  return {
    /**
     * Takes one of `userId`'s UPLOADS_PER_USER slots for one upload, before its body is read: the
     * function that gives it back (once the upload is answered, however it ends), or null when
     * all of theirs are taken.
     */
    takeSlot(userId: number): (() => void) | null {
      const taken = going.get(userId) ?? 0;
      if (taken >= UPLOADS_PER_USER) return null;
      going.set(userId, taken + 1);
      let given = false;
      return () => {
        if (given) return;
        given = true;
        const left = (going.get(userId) ?? 1) - 1;
        if (left > 0) going.set(userId, left);
        else going.delete(userId);
      };
    },

    /**
     * Processes and keeps `bytes` as a photo of `photo.placeId`; `check` sees the place (locked)
     * before the row is written. Undefined when the place is gone. Throws PhotoRefusedError for
     * what cannot be kept, UploadsBusyError when too many wait. An idempotency key's `claim` goes
     * into the row's transaction (a lost race leaves only files, which the sweep removes).
     */
    async upload(
      bytes: Uint8Array,
      photo: Omit<NewPhoto, 'thumb' | 'large'>,
      check: (place: { status: PlaceStatus; authorId: number | null }) => void,
      claim?: KeyClaim,
    ): Promise<UploadResult | undefined> {
      if (limit.pendingCount >= UPLOADS_WAITING) throw new UploadsBusyError();
      const { processed, takenAt } = await limit(async () => ({
        takenAt: await readPhotoPosition(bytes),
        processed: await processPhoto(bytes),
      }));
      const thumb = await keep(processed.thumb);
      const large = await keep(processed.large);
      const row = await photos.insert({ ...photo, thumb, large }, check, claim);
      return row && { photo: row, takenAt };
    },
  };
}

export type PhotoUploads = ReturnType<typeof createPhotoUploads>;
