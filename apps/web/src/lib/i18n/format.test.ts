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

  it('writes a distance that rounds to a kilometre in kilometres', () => {
    expect(formatDistance(999.6, 'en')).toBe('1 km');
    expect(formatDistance(999.4, 'en')).toBe('999 m');
  });

  it('labels the Near me radii in the language’s number format', () => {
    expect([250, 500, 1000, 2000, 5000, 10_000].map((metres) => formatDistance(metres, 'hr'))).toEqual([
      '250 m',
      '500 m',
      '1 km',
      '2 km',
      '5 km',
      '10 km',
    ]);
    expect(formatDistance(1500, 'hr')).toBe('1,5 km');
  });

  it('rounds to whole kilometres from ten up', () => {
    expect(formatDistance(14_400, 'en')).toBe('14 km');
  });
});
