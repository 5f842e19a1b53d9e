import exifr from 'exifr';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { phonePhoto, pngOfSize, TAKEN_AT } from '../../test/support/photos.ts';
import { PHOTO_LIMITS, PhotoRefusedError, processPhoto, readPhotoPosition } from './process-photo.ts';

async function refusal(bytes: Uint8Array): Promise<string> {
  try {
    await processPhoto(bytes);
  } catch (error) {
    if (error instanceof PhotoRefusedError) return error.reason;
    throw error;
  }
  return 'accepted';
}

describe('processPhoto', () => {
  it('turns a phone photo upright, in two WebP sizes, with nothing of its metadata left', async () => {
    const original = await phonePhoto(2000, 1000, 6);
    // The test's photo does carry what must go.
    const before = await exifr.parse(original, { gps: true });
    expect(before).toMatchObject({ Make: 'Phonemaker', Model: 'Phone 12', Orientation: 'Rotate 90 CW' });
    expect(before.latitude).toBeCloseTo(TAKEN_AT.lat, 4);

    const { thumb, large } = await processPhoto(original);
    // Orientation 6 turns the 2000 × 1000 photo upright to 1000 × 2000, then to fit.
    expect([large.width, large.height]).toEqual([800, 1600]);
    expect([thumb.width, thumb.height]).toEqual([320, 640]);
    for (const image of [thumb, large]) {
      const metadata = await sharp(image.bytes).metadata();
      expect(metadata.format).toBe('webp');
      expect([metadata.width, metadata.height]).toEqual([image.width, image.height]);
      expect(metadata.exif).toBeUndefined();
      expect(metadata.xmp).toBeUndefined();
      expect(metadata.iptc).toBeUndefined();
      expect(metadata.icc).toBeUndefined();
      expect(metadata.orientation).toBeUndefined();
      // Nor any WebP chunk that could hold some (exifr cannot read WebP, so the bytes are looked at).
      for (const chunk of ['EXIF', 'XMP ', 'ICCP', 'Phonemaker', 'GPS']) {
        expect(image.bytes.includes(chunk), chunk).toBe(false);
      }
    }
  });

  it('never enlarges a small image', async () => {
    const small = await sharp({ create: { width: 200, height: 100, channels: 4, background: '#c0ffee' } })
      .png()
      .toBuffer();
    const { thumb, large } = await processPhoto(small);
    expect([large.width, large.height]).toEqual([200, 100]);
    expect([thumb.width, thumb.height]).toEqual([200, 100]);
  });

  it('takes the type from the bytes: AVIF and WebP in, SVG, GIF and non-images out', async () => {
    const create = () => sharp({ create: { width: 64, height: 48, channels: 3, background: '#336699' } });
    expect(await refusal(await create().avif().toBuffer())).toBe('accepted');
    expect(await refusal(await create().webp().toBuffer())).toBe('accepted');
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
    );
    expect(await refusal(svg)).toBe('unsupported_format');
    expect(await refusal(await create().gif().toBuffer())).toBe('unsupported_format');
    expect(await refusal(Buffer.from('%PDF-1.7 not a photo at all'))).toBe('not_an_image');
    expect(await refusal(new Uint8Array(0))).toBe('empty');
  });

  it('refuses animations, decompression bombs, truncated files and oversized uploads before storing anything', async () => {
    const frame = (colour: string) =>
      sharp({ create: { width: 32, height: 32, channels: 3, background: colour } })
        .png()
        .toBuffer();
    const animated = await sharp([await frame('#ff0000'), await frame('#00ff00')], {
      join: { animated: true },
    })
      .webp()
      .toBuffer();
    expect(await refusal(animated)).toBe('animated');

    // 8 000 × 6 000 of one colour: a small file whose pixels would fill 144 MB.
    const bomb = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: '#000000' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(PHOTO_LIMITS.maxBytes);
    expect(await refusal(bomb)).toBe('too_many_pixels');

    const whole = await sharp({
      create: {
        width: 800,
        height: 600,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma: 40 },
      },
    })
      .jpeg()
      .toBuffer();
    expect(await refusal(whole.subarray(0, Math.floor(whole.length / 2)))).toBe('damaged');

    expect(await refusal(new Uint8Array(PHOTO_LIMITS.maxBytes + 1))).toBe('too_large');
  });

  it('refuses a side over 20 000 px and a shape beyond 10:1 by the header, before decoding a pixel', async () => {
    // A 39 000 000 × 1 strip has fewer than 40 million pixels, and its file is 38 kB.
    const strip = pngOfSize(39_000_000, 1);
    expect(strip.length).toBeLessThan(100_000);
    expect(await refusal(strip)).toBe('side_too_long');
    // Files with a header and no pixels at all: a check after decoding would find them damaged.
    for (const [width, height, reason] of [
      [39_000_000, 1, 'side_too_long'],
      [1, 20_001, 'side_too_long'],
      [20_001, 2_001, 'side_too_long'],
      [1001, 100, 'extreme_aspect_ratio'],
      [100, 1001, 'extreme_aspect_ratio'],
      [8000, 6000, 'too_many_pixels'],
      [64, 48, 'damaged'],
    ] as const) {
      expect(await refusal(pngOfSize(width, height, { header: 'only' })), `${width} × ${height}`).toBe(
        reason,
      );
    }
    // At the limits themselves, kept.
    expect(await refusal(pngOfSize(1000, 100))).toBe('accepted');
    expect(await refusal(pngOfSize(100, 1000))).toBe('accepted');
    expect(await refusal(pngOfSize(20_000, 2_000))).toBe('accepted');
  });
});

describe('readPhotoPosition', () => {
  it('reads where a photo was taken from its EXIF, and nothing from a photo without', async () => {
    const position = await readPhotoPosition(await phonePhoto(400, 300));
    expect(position?.lat).toBeCloseTo(TAKEN_AT.lat, 4);
    expect(position?.lng).toBeCloseTo(TAKEN_AT.lng, 4);
    const plain = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#888888' } })
      .jpeg()
      .toBuffer();
    expect(await readPhotoPosition(plain)).toBeNull();
    expect(await readPhotoPosition(Buffer.from('not an image'))).toBeNull();
  });
});
