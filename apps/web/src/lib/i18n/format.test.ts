import { describe, expect, it } from 'vitest';
import { formatDistance } from './format.ts';

describe('formatDistance', () => {
  it('shows metres below a kilometre', () => {
    expect(formatDistance(849.6, 'en')).toBe('850 m');
  });

  it('shows kilometres with one decimal below ten, in the language’s decimal mark', () => {
    expect(formatDistance(1234, 'en')).toBe('1.2 km');
    expect(formatDistance(1234, 'hr')).toBe('1,2 km');
  });

  it('rounds to whole kilometres from ten up', () => {
    expect(formatDistance(14_400, 'en')).toBe('14 km');
  });
});
