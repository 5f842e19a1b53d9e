import { describe, expect, it } from 'vitest';
import { oneInFlight } from './one-in-flight.ts';

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('oneInFlight', () => {
  it('runs pieces in order, one at a time, while the caller goes on between them', async () => {
    const events: string[] = [];
    let running = 0;
    const pieces = oneInFlight(async (piece: number) => {
      running += 1;
      expect(running).toBe(1);
      events.push(`start ${piece}`);
      await tick();
      await tick();
      events.push(`end ${piece}`);
      running -= 1;
    });
    await pieces.add(1);
    // add returns once the piece has started: the caller prepares the next one meanwhile.
    events.push('caller');
    await pieces.add(2);
    await pieces.finish();
    expect(events).toEqual(['start 1', 'caller', 'end 1', 'start 2', 'end 2']);
  });

  it('reports a failed piece at the next add, and finish reports the last one', async () => {
    const failing = oneInFlight(async (piece: number) => {
      if (piece === 1) throw new Error('piece 1 failed');
    });
    await failing.add(1);
    await expect(failing.add(2)).rejects.toThrow('piece 1 failed');

    const last = oneInFlight(async () => {
      throw new Error('the last piece failed');
    });
    await last.add(1);
    await expect(last.finish()).rejects.toThrow('the last piece failed');
  });

  it('settle waits for the piece in flight without throwing its failure', async () => {
    let ended = false;
    const pieces = oneInFlight(async () => {
      await tick();
      ended = true;
      throw new Error('ignored by settle');
    });
    await pieces.add(1);
    expect(ended).toBe(false);
    await pieces.settle();
    expect(ended).toBe(true);
  });
});
