import { describe, expect, it } from 'vitest';
import { parseIds } from './list-in-order.ts';

describe('parseIds', () => {
  it('reads a comma-separated list of ids, and nothing from an empty one', () => {
    expect(Array.from(parseIds('7,42,1234567890123'))).toEqual([7, 42, 1_234_567_890_123]);
    expect(Array.from(parseIds('5'))).toEqual([5]);
    expect(parseIds('')).toHaveLength(0);
  });
});
