import { ApiError } from '@karta/api-client';
import { describe, expect, it, vi } from 'vitest';
import { BUSY_RETRIES, busyWaitMs, saveProblemKey, whenNotBusy } from './busy-retry.ts';

const busy = (retryAfterSeconds?: unknown) =>
  new ApiError(
    503,
    'server_busy',
    'Busy',
    retryAfterSeconds === undefined ? undefined : { retryAfterSeconds },
  );

describe('asking again while the server is busy building packs', () => {
  it('asks again after each wait the server names, until it answers', async () => {
    const waits: number[] = [];
    const ask = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(busy(2))
      .mockRejectedValueOnce(busy(3))
      .mockResolvedValue('pack');
    expect(await whenNotBusy(ask, async (ms) => void waits.push(ms))).toBe('pack');
    expect(ask).toHaveBeenCalledTimes(3);
    // The named seconds, and up to a second more so browsers told the same do not return together.
    expect(waits[0]).toBeGreaterThanOrEqual(2000);
    expect(waits[0]).toBeLessThan(3000);
    expect(waits[1]).toBeGreaterThanOrEqual(3000);
    expect(waits[1]).toBeLessThan(4000);
  });

  it(`gives up after ${BUSY_RETRIES} more tries, and never waits on any other error`, async () => {
    const wait = vi.fn(async () => undefined);
    const alwaysBusy = vi.fn(async () => Promise.reject(busy(2)));
    await expect(whenNotBusy(alwaysBusy, wait)).rejects.toMatchObject({ code: 'server_busy' });
    expect(alwaysBusy).toHaveBeenCalledTimes(BUSY_RETRIES + 1);
    expect(wait).toHaveBeenCalledTimes(BUSY_RETRIES);

    wait.mockClear();
    const tooLarge = vi.fn(async () =>
      Promise.reject(new ApiError(422, 'offline_area_too_large', 'Too many')),
    );
    await expect(whenNotBusy(tooLarge, wait)).rejects.toMatchObject({ code: 'offline_area_too_large' });
    expect(tooLarge).toHaveBeenCalledTimes(1);
    expect(wait).not.toHaveBeenCalled();
  });

  it('keeps the wait between a second and half a minute whatever the server says', () => {
    const none = () => 0;
    expect(busyWaitMs(busy(2), none)).toBe(2000);
    expect(busyWaitMs(busy(0), none)).toBe(1000);
    expect(busyWaitMs(busy(), none)).toBe(1000);
    expect(busyWaitMs(busy('soon'), none)).toBe(1000);
    expect(busyWaitMs(busy(3600), none)).toBe(30_000);
  });

  it('names a busy server in words of its own, any other error as the app does', () => {
    expect(saveProblemKey(busy(2))).toBe('offline.save.busy');
    expect(saveProblemKey(new ApiError(422, 'offline_area_too_large', 'Too many'))).toBe(
      'errors.codes.offline_area_too_large',
    );
    expect(saveProblemKey(new Error('boom'))).toBe('errors.codes.unknown');
  });
});
