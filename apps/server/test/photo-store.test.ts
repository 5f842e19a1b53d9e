import { mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileSystemPhotoStore, type PhotoStore, photoKey, s3PhotoStore } from '../src/photos/photo-store.ts';
import { type S3StandIn, startS3StandIn } from './support/s3-stand-in.ts';

/** The same suite for each storage: what a photo store must do whichever one a deployment picks. */
const stores: { name: string; open: () => Promise<{ store: PhotoStore; close: () => Promise<void> }> }[] = [
  {
    name: 'fs',
    open: async () => {
      const root = mkdtempSync(join(tmpdir(), 'karta-photos-'));
      return {
        store: fileSystemPhotoStore(root),
        close: async () => {
          // No temporary file is left beside the photos.
          for (const folder of readdirSync(root)) {
            expect(readdirSync(join(root, folder)).filter((name) => name.endsWith('.tmp'))).toEqual([]);
          }
          rmSync(root, { recursive: true, force: true });
        },
      };
    },
  },
  {
    name: 's3 (s3rver)',
    open: async () => {
      const s3: S3StandIn = await startS3StandIn();
      return { store: s3PhotoStore(s3.settings), close: () => s3.close() };
    },
  },
];

/** What the store keeps: each key with when it was written. */
async function keptPhotos(store: PhotoStore): Promise<Map<string, Date>> {
  const kept = new Map<string, Date>();
  for await (const { key, writtenAt } of store.keys()) kept.set(key, writtenAt);
  return kept;
}

describe.each(stores)('a photo store: $name', ({ open }) => {
  let store: PhotoStore;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ store, close } = await open());
  });
  afterAll(async () => {
    await close?.();
  });

  it('keeps bytes under the hash of their bytes, once, and gives them back', async () => {
    const first = Buffer.from('first photo bytes');
    const second = Buffer.from('second photo bytes');
    const [firstKey, secondKey] = [photoKey(first), photoKey(second)];
    expect(firstKey).toMatch(/^[0-9a-f]{64}\.webp$/);
    expect(firstKey).not.toBe(secondKey);
    await store.put(firstKey, first);
    await store.put(firstKey, first);
    await store.put(secondKey, second);
    expect(await store.get(firstKey)).toEqual(first);
    expect(await store.get(secondKey)).toEqual(second);
    const kept = await keptPhotos(store);
    expect([...kept.keys()].sort()).toEqual([firstKey, secondKey].sort());
  });

  it('marks a photo kept already as written again, so the sweep spares an upload in progress', async () => {
    const bytes = Buffer.from('written twice');
    const key = photoKey(bytes);
    await store.put(key, bytes);
    const first = (await keptPhotos(store)).get(key);
    expect(first).toBeDefined();
    expect(Math.abs(Date.now() - (first?.getTime() ?? 0))).toBeLessThan(60_000);
    // S3 keeps times to the second.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await store.put(key, bytes);
    const second = (await keptPhotos(store)).get(key);
    expect(second?.getTime()).toBeGreaterThan(first?.getTime() ?? Infinity);
  });

  it('removes a key, and removing or reading a missing one is not an error', async () => {
    const bytes = Buffer.from('to be removed');
    const key = photoKey(bytes);
    await store.put(key, bytes);
    await store.remove(key);
    expect(await store.get(key)).toBeNull();
    await store.remove(key);
    expect(await store.get(photoKey(Buffer.from('never stored')))).toBeNull();
  });

  it('refuses any key that is not a photo key, so no path or object name comes from outside', async () => {
    for (const key of ['../../etc/passwd', 'a.webp', `${'0'.repeat(64)}.png`, `${'A'.repeat(64)}.webp`]) {
      await expect(store.put(key, Buffer.from('x')), key).rejects.toThrow(/not a photo key/);
      await expect(store.get(key), key).rejects.toThrow(/not a photo key/);
    }
  });
});

describe('a photo store on disk', () => {
  it('removes files a crash left half-written once they are old enough, and only those', async () => {
    const root = mkdtempSync(join(tmpdir(), 'karta-photos-'));
    try {
      const store = fileSystemPhotoStore(root);
      const photo = Buffer.from('a whole photo');
      await store.put(photoKey(photo), photo);
      const folder = join(root, photoKey(photo).slice(0, 2));
      const old = join(folder, `${photoKey(Buffer.from('cut short'))}.0a1b2c3d4e5f.tmp`);
      const young = join(folder, `${photoKey(Buffer.from('being written'))}.f5e4d3c2b1a0.tmp`);
      writeFileSync(old, 'half');
      writeFileSync(young, 'half');
      const hourAgo = new Date(Date.now() - 60 * 60_000);
      utimesSync(old, hourAgo, hourAgo);

      expect(await store.removeTemporaries(new Date(Date.now() - 15 * 60_000))).toBe(1);
      expect(readdirSync(folder).sort()).toEqual([photoKey(photo), young.slice(folder.length + 1)].sort());
      expect(await store.get(photoKey(photo))).toEqual(photo);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
