import { ApiError } from '@karta/api-client';
import { UploadedPhoto } from '@karta/contracts';
import { api } from '../../../lib/api-client.ts';
import { photoContentType } from '../../../lib/photo-content-type.ts';
import { uploadWithProgress } from '../../../lib/upload-with-progress.ts';

/** Files larger than this are made smaller in the browser first (a phone's 12 MP photo often is). */
export const RESIZE_ABOVE_BYTES = 3 * 1024 * 1024;

/**
 * How many times an upload the server was too busy for (503), or that found two of this person's
 * uploads going already (429 `too_many_uploads`, say from another tab), is tried again.
 */
const BUSY_RETRIES = 3;

/**
 * A large photo made smaller in the browser (at most 2 400 px on its long side, about 2 MB), so a
 * slow connection sends less; the server makes its own sizes from it (and reads where it was taken
 * from its EXIF, kept for that, before it removes it). browser-image-compression
 * loads only when it is needed.
 */
export async function smallerPhoto(file: File): Promise<Blob> {
  if (file.size <= RESIZE_ABOVE_BYTES) return file;
  const { default: compress } = await import('browser-image-compression');
  try {
    return await compress(file, {
      maxSizeMB: 2,
      maxWidthOrHeight: 2400,
      // In the page, not its web worker: the worker would load the library from a CDN, which the
      // content security policy forbids (and a site without internet cannot reach).
      useWebWorker: false,
      preserveExif: true,
    });
  } catch {
    // An image the browser cannot read is sent as it is: the server explains what is wrong with it.
    return file;
  }
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** POST /api/v1/places/:id/photos with the photo's bytes, reporting how much is sent (0–1). */
export async function uploadPhoto(
  placeId: number,
  photo: Blob,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<UploadedPhoto> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await uploadWithProgress({
        url: api.photoUploadUrl(placeId),
        contentType: photoContentType(photo),
        body: photo,
        answer: UploadedPhoto,
        onUploadProgress: onProgress,
        signal,
      });
    } catch (error) {
      const busy =
        error instanceof ApiError && (error.code === 'server_busy' || error.code === 'too_many_uploads');
      if (!busy || attempt >= BUSY_RETRIES) throw error;
      await wait(5_000);
    }
  }
}
