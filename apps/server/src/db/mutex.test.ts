import { describe, expect, it } from 'vitest';
import { Mutex } from './mutex.ts';

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe('Mutex', () => {
  it('runs holders one at a time, in the order they asked', async () => {
    const mutex = new Mutex();
    const log: string[] = [];
    const job = (name: string) =>
      mutex.run(async () => {
        log.push(`${name} start`);
        await tick();
        log.push(`${name} end`);
      });
    await Promise.all([job('a'), job('b'), job('c')]);
    expect(log).toEqual(['a start', 'a end', 'b start', 'b end', 'c start', 'c end']);
  });

  it('releases the lock when a holder throws', async () => {
    const mutex = new Mutex();
    await expect(mutex.run(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(mutex.run(async () => 'next')).resolves.toBe('next');
  });
});
