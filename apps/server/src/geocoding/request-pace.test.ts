import { describe, expect, it } from 'vitest';
import { GeocoderUnavailableError } from './geocode-source.ts';
import { requestPace } from './request-pace.ts';

describe('requestPace', () => {
  it('starts calls one at a time, each at least the interval after the one before, even after a slow one', async () => {
    const paced = requestPace(100);
    const starts: number[] = [];
    const call = (ms: number) => () =>
      new Promise<number>((done) => {
        starts.push(Date.now());
        setTimeout(() => done(ms), ms);
      });
    const deadline = Date.now() + 5_000;
    // The first runs long: the ones queued behind it must still keep the interval between them.
    await Promise.all([paced(call(250), deadline), paced(call(1), deadline), paced(call(1), deadline)]);
    expect(starts).toHaveLength(3);
    for (let i = 1; i < starts.length; i++) {
      expect((starts[i] ?? 0) - (starts[i - 1] ?? 0)).toBeGreaterThanOrEqual(99);
    }
  });

  it('refuses at once a call whose turn would come after its deadline, and runs the next in time', async () => {
    const paced = requestPace(1_000);
    let ran = 0;
    const call = async () => {
      ran += 1;
    };
    await paced(call, Date.now() + 5_000);
    const started = Date.now();
    await expect(paced(call, Date.now() + 500)).rejects.toBeInstanceOf(GeocoderUnavailableError);
    expect(Date.now() - started).toBeLessThan(100);
    expect(ran).toBe(1);
  });

  it('goes on after a call that failed', async () => {
    const paced = requestPace(10);
    await expect(
      paced(async () => {
        throw new Error('upstream broke');
      }, Date.now() + 1_000),
    ).rejects.toThrow('upstream broke');
    await expect(paced(async () => 'next', Date.now() + 1_000)).resolves.toBe('next');
  });
});
