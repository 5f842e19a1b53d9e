import { describe, expect, it } from 'vitest';
import { formatBytes } from './format-bytes.ts';

describe('formatBytes', () => {
  it('writes a size in the largest unit that keeps it at least 1, in the reader’s language', () => {
    expect(formatBytes(300, 'en')).toBe('1 kB');
    expect(formatBytes(611_234, 'en')).toBe('611 kB');
    expect(formatBytes(1_834_000, 'en')).toBe('1.8 MB');
    expect(formatBytes(17_900_000, 'en')).toBe('18 MB');
    expect(formatBytes(10_739_000_000, 'en')).toBe('11 GB');
    expect(formatBytes(1_834_000, 'hr')).toBe('1,8 MB');
  });
});
