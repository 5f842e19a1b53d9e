import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import type { Queryable } from '../../src/db/database.ts';
import type { PhotoStore } from '../../src/photos/photo-store.ts';
import type { PhotoUploads } from '../../src/photos/photo-uploads.ts';

/** What of the app these helpers use (a TestApp's `app` has it). */
interface PhotoApp {
  photoUploads: PhotoUploads;
  photoStore: PhotoStore;
}

/** Where the test's camera stood: the Zagreb cathedral. */
export const TAKEN_AT = { lat: 45.814444, lng: 15.979722 };

/** Degrees as EXIF writes them: degrees, minutes and seconds as rationals. */
function dms(value: number): string {
  const degrees = Math.floor(value);
  const minutes = Math.floor((value - degrees) * 60);
  const seconds = Math.round(((value - degrees) * 60 - minutes) * 60 * 10_000);
  return `${degrees}/1 ${minutes}/1 ${seconds}/10000`;
}

/**
 * A photo as a phone writes it: a JPEG with camera, date and GPS (TAKEN_AT) in its EXIF, turned
 * by its orientation tag. `shade` varies the pixels, so two photos have different files; `noise`
 * makes its file as large as a real photo's (megabytes at 12 MP) instead of a few kB.
 */
export async function phonePhoto(
  width: number,
  height: number,
  orientation = 1,
  shade = 120,
  options: { noise?: boolean } = {},
): Promise<Buffer> {
  const noise = options.noise ? { noise: { type: 'gaussian' as const, mean: shade, sigma: 60 } } : {};
  return (
    sharp({ create: { width, height, channels: 3, background: { r: 40, g: shade, b: 200 }, ...noise } })
      .jpeg({ quality: 90 })
      // sharp writes the orientation tag itself (an Orientation in the EXIF given would be replaced).
      .withMetadata({ orientation })
      .withExifMerge({
        IFD0: { Make: 'Phonemaker', Model: 'Phone 12', DateTime: '2026:11:26 10:00:00' },
        IFD2: { DateTimeOriginal: '2026:11:26 10:00:00' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: dms(TAKEN_AT.lat),
          GPSLongitudeRef: 'E',
          GPSLongitude: dms(TAKEN_AT.lng),
        },
      })
      .toBuffer()
  );
}

/** One PNG chunk: its length, type, data and CRC. */
function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A black 8-bit grey PNG of any size, written by hand: libvips makes nothing wider than 10 million
 * pixels, but a PNG may say 39 000 000 × 1 (which deflates to some 38 kB). With `header: 'only'`
 * its pixel data is not there at all, so the file can be read only as far as its header.
 */
export function pngOfSize(width: number, height: number, options: { header?: 'only' } = {}): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth; colour type 0 (grey), no interlace
  // Each row: its filter byte (0, none), then one byte per pixel.
  const pixels =
    options.header === 'only' ? Buffer.from('no pixels') : deflateSync(Buffer.alloc((width + 1) * height));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', pixels),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

let shade = 0;

/**
 * A photo of `placeId` in `status` by `uploaderId` through the real upload path (processing, the
 * store, the row), then moved to `status` in the database (a fixture). Returns its id.
 */
export async function insertPhoto(
  t: { app: PhotoApp; database: Queryable },
  options: {
    placeId: number;
    uploaderId: number;
    status: 'pending' | 'published' | 'hidden';
    alt?: Record<string, string>;
  },
): Promise<number> {
  shade = (shade + 1) % 256;
  const bytes = await sharp({
    create: { width: 64, height: 48, channels: 3, background: { r: shade, g: 90, b: 30 } },
  })
    .jpeg()
    .toBuffer();
  const uploaded = await t.app.photoUploads.upload(
    bytes,
    {
      placeId: options.placeId,
      status: options.status === 'published' ? 'published' : 'pending',
      uploaderId: options.uploaderId,
    },
    () => undefined,
  );
  if (!uploaded) throw new Error(`There is no place ${options.placeId}`);
  await t.database.query('UPDATE photos SET status = $2, alt = $3::jsonb WHERE id = $1', [
    uploaded.photo.id,
    options.status,
    JSON.stringify(options.alt ?? { en: 'A test photo' }),
  ]);
  return uploaded.photo.id;
}

/** Every file the app's photo store keeps. */
export async function storedKeys(t: { app: PhotoApp }): Promise<string[]> {
  const keys: string[] = [];
  for await (const { key } of t.app.photoStore.keys()) keys.push(key);
  return keys.sort();
}
