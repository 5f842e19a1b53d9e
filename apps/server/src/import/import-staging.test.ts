import { describe, expect, it } from 'vitest';
import { MAX_BATCHES_PER_STEP, nextStepBatches, PUBLISH_STEP_MS } from './import-staging.ts';

describe('nextStepBatches', () => {
  it('publishes as many staged batches as the last pace fits in a step', () => {
    // 10 ms a batch: eight fit in 80 ms.
    expect(nextStepBatches(4, 40)).toBe(PUBLISH_STEP_MS / 10);
    expect(nextStepBatches(8, 80)).toBe(PUBLISH_STEP_MS / 10);
  });

  it('at most doubles from one step to the next', () => {
    expect(nextStepBatches(1, 10)).toBe(2);
    expect(nextStepBatches(3, 1)).toBe(6);
  });

  it('falls back to one batch when the machine is slow, and never exceeds the largest step', () => {
    expect(nextStepBatches(1, 500)).toBe(1);
    expect(nextStepBatches(3, PUBLISH_STEP_MS * 3 + 1)).toBe(1);
    expect(nextStepBatches(3, 100)).toBe(2);
    expect(nextStepBatches(MAX_BATCHES_PER_STEP, 0)).toBe(MAX_BATCHES_PER_STEP);
    expect(nextStepBatches(MAX_BATCHES_PER_STEP - 1, 1)).toBe(MAX_BATCHES_PER_STEP);
  });
});
