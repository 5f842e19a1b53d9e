import { PHOTO_LIMIT_BYTES, type PhotoRefusal } from '@karta/contracts';
import exifr from 'exifr';
import sharp, { type Metadata, type Sharp } from 'sharp';
import { AppError } from '../http/errors.ts';

// One libvips thread per image, and no cache of decoded images (each upload is read once): with
// uploads processed one at a time (photo-uploads.ts), a burst keeps to one core and little memory.
sharp.concurrency(1);
sharp.cache(false);

/** What an upload may be and what is made of it (decision 021). */
export const PHOTO_LIMITS = {
  /** Bytes of one upload; more is refused before anything is decoded (413). */
  maxBytes: PHOTO_LIMIT_BYTES,
  /** Pixels of one image, as its header says: a decompression bomb is refused before decoding. */
  maxPixels: 40_000_000,
  /** The longest side, as its header says (a 39 000 000 × 1 strip has few pixels, but is no photo). */
  maxSide: 20_000,
  /** How many times one side may be the other: a panorama is 4:1, a tall screenshot 3:1. */
  maxAspectRatio: 10,
  /** The thumbnail's width (lists, the info window). */
  thumbWidth: 320,
  /** The large image's longer side (the gallery's viewer). */
  largeSide: 1600,
} as const;

/** What each refusal asks the uploader to do (the web app shows its own translation by reason). */
const REFUSALS: Record<PhotoRefusal, string> = {
  empty: 'The file is empty. Choose a photo and try again.',
  too_large: 'The photo is larger than 15 MB. Send a smaller one.',
  not_an_image: 'This file is not an image. Send a JPEG, PNG, WebP or AVIF photo.',
  unsupported_format: 'This kind of image cannot be used. Send a JPEG, PNG, WebP or AVIF photo.',
  animated: 'Animated images cannot be used. Send a still photo.',
  too_many_pixels: 'The photo has more than 40 million pixels. Send a smaller one.',
  side_too_long: 'The photo is more than 20 000 pixels long on one side. Send a smaller one.',
  extreme_aspect_ratio:
    'One side of the photo is more than 10 times as long as the other. Crop it and send it again.',
  damaged: 'The photo is damaged or incomplete. Send it again, or another one.',
};

/**
 * An upload that cannot be kept: 413 `payload_too_large` when too large, else 422
 * `photo_refused`, each with `details.reason` and a message that says what to do.
 */
export class PhotoRefusedError extends AppError {
  constructor(
    /** Why, for the client to translate. */
    readonly reason: PhotoRefusal,
    /** What was found, for the log (never sent). */
    readonly detail: string,
  ) {
    super(reason === 'too_large' ? 'payload_too_large' : 'photo_refused', REFUSALS[reason], { reason });
    this.name = 'PhotoRefusedError';
  }
}

/** One re-encoded size: WebP bytes, nothing else kept of the upload. */
export interface PhotoImage {
  bytes: Buffer;
  width: number;
  height: number;
}

export interface ProcessedPhoto {
  thumb: PhotoImage;
  large: PhotoImage;
}

/**
 * The formats accepted, as sharp names what it found in the bytes (never the header or the file's
 * name): AVIF is `heif` compressed with AV1; a HEIC photo (HEVC) is `heif` too, but the prebuilt
 * sharp cannot decode HEVC, so it is refused with a hint to send JPEG.
 */
function acceptedFormat(format: string | undefined, compression: string | undefined): boolean {
  if (format === 'jpeg' || format === 'png' || format === 'webp') return true;
  return format === 'heif' && compression === 'av1';
}

/**
 * Reads what the bytes are and refuses what is not a single still photo of an accepted format
 * and size, before any pixel is decoded (sharp's metadata() reads the header only).
 */
async function checkUpload(bytes: Uint8Array): Promise<void> {
  if (bytes.length === 0) throw new PhotoRefusedError('empty', 'no bytes');
  if (bytes.length > PHOTO_LIMITS.maxBytes) throw new PhotoRefusedError('too_large', `${bytes.length} bytes`);
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new PhotoRefusedError('not_an_image', 'no image format found in the bytes');
  }
  if (!acceptedFormat(metadata.format, metadata.compression)) {
    throw new PhotoRefusedError(
      'unsupported_format',
      `${metadata.format ?? 'unknown'} ${metadata.compression ?? ''}`,
    );
  }
  if ((metadata.pages ?? 1) > 1) throw new PhotoRefusedError('animated', `${metadata.pages} frames`);
  checkDimensions(metadata.width ?? 0, metadata.height ?? 0);
}

/**
 * Refuses an image by the width and height its header gives, before a pixel is decoded: a side
 * over 20 000 px, one side more than 10 times the other, or more than 40 million pixels.
 */
export function checkDimensions(width: number, height: number): void {
  const size = `${width} × ${height}`;
  if (Math.max(width, height) > PHOTO_LIMITS.maxSide) throw new PhotoRefusedError('side_too_long', size);
  if (Math.max(width, height) > PHOTO_LIMITS.maxAspectRatio * Math.min(width, height)) {
    throw new PhotoRefusedError('extreme_aspect_ratio', size);
  }
  const pixels = width * height;
  if (pixels > PHOTO_LIMITS.maxPixels) throw new PhotoRefusedError('too_many_pixels', `${pixels} pixels`);
}

async function encode(pipeline: Sharp): Promise<PhotoImage> {
  try {
    const { data, info } = await pipeline.webp({ quality: 80 }).toBuffer({ resolveWithObject: true });
    return { bytes: data, width: info.width, height: info.height };
  } catch (error) {
    throw new PhotoRefusedError('damaged', (error as Error).message);
  }
}

/**
 * An upload made into the two WebP images Karta keeps: turned upright by its EXIF orientation,
 * in sRGB, never enlarged, and with no metadata at all (sharp writes none unless asked: no EXIF,
 * GPS, XMP, IPTC, ICC profile or comment survives). The upload's bytes are not kept.
 * Throws PhotoRefusedError for anything that is not a still JPEG, PNG, WebP or AVIF photo within
 * the limits, or whose pixels cannot all be read (a truncated file).
 */
export async function processPhoto(bytes: Uint8Array): Promise<ProcessedPhoto> {
  await checkUpload(bytes);
  const upright = sharp(bytes, { failOn: 'truncated', limitInputPixels: PHOTO_LIMITS.maxPixels })
    .autoOrient()
    .toColourspace('srgb');
  const [thumb, large] = await Promise.all([
    encode(upright.clone().resize({ width: PHOTO_LIMITS.thumbWidth, withoutEnlargement: true })),
    encode(
      upright.clone().resize({
        width: PHOTO_LIMITS.largeSide,
        height: PHOTO_LIMITS.largeSide,
        fit: 'inside',
        withoutEnlargement: true,
      }),
    ),
  ]);
  return { thumb, large };
}

/**
 * Where the photo was taken, from its EXIF GPS, or null. Read from the upload before it is
 * re-encoded, only to offer its uploader to move the pin there: never stored, logged or sent on.
 */
export async function readPhotoPosition(bytes: Uint8Array): Promise<{ lat: number; lng: number } | null> {
  try {
    const gps = await exifr.gps(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    const { latitude: lat, longitude: lng } = gps ?? {};
    if (typeof lat !== 'number' || typeof lng !== 'number') return null;
    if (!Number.isFinite(lat) || !Number.isFinite(lng) || Math.abs(lat) > 90 || Math.abs(lng) > 180)
      return null;
    return { lat, lng };
  } catch {
    return null;
  }
}
