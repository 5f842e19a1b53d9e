import { brotliDecompressSync } from 'node:zlib';
import type { OfflinePackQuery, PlaceListItem } from '@karta/contracts';
import { describe, expect, it, vi } from 'vitest';
import type { CategoryRepository } from '../categories/category-repository.ts';
import type { Queryable } from '../db/database.ts';
import { acceptsBrotli } from '../http/compression.ts';
import { namesEtag } from '../http/etag.ts';
import type { PlaceRepository } from '../places/place-repository.ts';
import { createOfflinePacks, type PackAnswer, pacedSteps } from './offline-packs.ts';

const box = (west: number): OfflinePackQuery => ({ bbox: { west, south: 43, east: west + 1, north: 44 } });

/**
 * The service on stand-ins: a database whose change log says `changed()`, and places that are
 * one place per box (the box's west edge its id), read by a spy that counts builds.
 */
function packsOn(options: Parameters<typeof createOfflinePacks>[1] = {}, changed = () => false) {
  const database = {
    query: async (sql: string) =>
      sql.includes('EXISTS')
        ? { rows: [{ changed: changed() }], rowCount: 1 }
        : { rows: [{ snapshot: '10:10:', last_id: 1 }], rowCount: 1 },
  } as unknown as Queryable;
  const inIdOrderUpTo = vi.fn(async (query: { bbox?: { west: number } }) => ({
    count: 1,
    pages: (async function* () {
      yield [{ id: query.bbox?.west ?? 0, openingHours: null, lat: 43.5, lng: 16, distance: null }];
    })() as unknown as AsyncGenerator<PlaceListItem[]>,
  }));
  const places = { inIdOrderUpTo } as unknown as PlaceRepository;
  const categories = { list: async () => [] } as unknown as CategoryRepository;
  return {
    packs: createOfflinePacks(
      { database, places, categories, hours: { timeZone: 'Europe/Zagreb', country: 'hr' } },
      options,
    ),
    builds: inIdOrderUpTo,
  };
}

/** The whole pack an answer hands out, once built, as JSON. */
async function packOf(answer: PackAnswer) {
  if (answer.kind === 'busy') throw new Error('busy');
  const parts: Buffer[] = [];
  for await (const part of answer.pack.bytes.read()) parts.push(part);
  return JSON.parse(brotliDecompressSync(Buffer.concat(parts)).toString()) as { places: { id: number }[] };
}

describe('offline packs, kept and built', () => {
  it('writes each pack once, into brotli, for every answer that asks for it', async () => {
    const { packs, builds } = packsOn();
    const [first, second] = await Promise.all([packs.get(box(15)), packs.get(box(15))]);
    expect((await packOf(first)).places).toEqual([{ id: 15, openingHours: null, lat: 43.5, lng: 16 }]);
    expect(await packOf(second)).toEqual(await packOf(first));
    expect(builds).toHaveBeenCalledTimes(1);
  });

  it('keeps finished packs up to its bytes, dropping the least recently asked first', async () => {
    const measure = packsOn();
    await packOf(await measure.packs.get(box(15)));
    const size = measure.packs.stats().keptBytes;
    expect(size).toBeGreaterThan(0);

    // Room for two packs of about that size, not three.
    const { packs, builds } = packsOn({ cacheBytes: Math.floor(size * 2.5) });
    for (const west of [15, 16, 15, 17]) await packOf(await packs.get(box(west)));
    expect(builds).toHaveBeenCalledTimes(3);
    expect(packs.stats()).toMatchObject({ kept: 2, building: 0 });
    // 16 was the least recently asked when 17 came: 15 and 17 are kept, 16 is built again.
    await packOf(await packs.get(box(15)));
    await packOf(await packs.get(box(17)));
    expect(builds).toHaveBeenCalledTimes(3);
    await packOf(await packs.get(box(16)));
    expect(builds).toHaveBeenCalledTimes(4);
    expect(packs.stats().keptBytes).toBeLessThanOrEqual(Math.floor(size * 2.5));
  });

  it('builds a pack again once a place changed since its first read, or once it is too old', async () => {
    let changed = false;
    const { packs, builds } = packsOn({}, () => changed);
    const first = await packs.get(box(15));
    await packOf(first);
    const same = await packs.get(box(15), first.kind === 'busy' ? undefined : first.pack.etag);
    expect(same.kind).toBe('not-modified');
    changed = true;
    const after = await packs.get(box(15), first.kind === 'busy' ? undefined : first.pack.etag);
    expect(after.kind).toBe('pack');
    expect(builds).toHaveBeenCalledTimes(2);

    const stale = packsOn({ maxAgeMs: -1 });
    await packOf(await stale.packs.get(box(15)));
    await packOf(await stale.packs.get(box(15)));
    expect(stale.builds).toHaveBeenCalledTimes(2);
  });

  it('answers busy past its builds at once, and builds again once one is done', async () => {
    const { packs } = packsOn({ maxBuilds: 1 });
    const first = await packs.get(box(15));
    expect(packs.stats().building).toBe(1);
    expect((await packs.get(box(16))).kind).toBe('busy');
    await packOf(first);
    await vi.waitFor(() => expect(packs.stats().building).toBe(0));
    expect((await packs.get(box(16))).kind).toBe('pack');
  });

  it('paces steps at a share: one at a time, each followed by a pause as long as it took', async () => {
    const paced = pacedSteps(0.5);
    const starts: number[] = [];
    const step = () =>
      paced(async () => {
        starts.push(performance.now());
        await new Promise((resume) => setTimeout(resume, 30));
        return starts.length;
      });
    expect(await Promise.all([step(), step()])).toEqual([1, 2]);
    // The second began after the first's 30 ms and a pause of as long (timers may fire a ms early).
    expect((starts[1] ?? 0) - (starts[0] ?? 0)).toBeGreaterThanOrEqual(57);
    // At full share, steps run side by side.
    const free = pacedSteps(1);
    const began = performance.now();
    await Promise.all([1, 2].map(() => free(() => new Promise((resume) => setTimeout(resume, 30)))));
    expect(performance.now() - began).toBeLessThan(57);
  });

  it('reads If-None-Match and Accept-Encoding as HTTP has them', () => {
    expect(namesEtag('W/"a", W/"b"', 'W/"b"')).toBe(true);
    expect(namesEtag('"b"', 'W/"b"')).toBe(true);
    expect(namesEtag('*', 'W/"b"')).toBe(true);
    expect(namesEtag('W/"a"', 'W/"b"')).toBe(false);
    expect(namesEtag(undefined, 'W/"b"')).toBe(false);
    expect(acceptsBrotli('gzip, deflate, br')).toBe(true);
    expect(acceptsBrotli('br;q=0.5')).toBe(true);
    expect(acceptsBrotli('gzip, br;q=0')).toBe(false);
    expect(acceptsBrotli('*')).toBe(true);
    expect(acceptsBrotli('*, br;q=0')).toBe(false);
    expect(acceptsBrotli('gzip')).toBe(false);
    expect(acceptsBrotli(undefined)).toBe(false);
  });
});
