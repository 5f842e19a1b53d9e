import { describe, expect, it } from 'vitest';
import { formatDateTime, formatDistance } from './format.ts';

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

describe('formatDateTime', () => {
  // Local times, as the function shows them: the test holds in any time zone.
  const at = (hour: number, minute: number) => new Date(2026, 10, 25, hour, minute).toISOString();

  it('writes the time on the 24-hour clock in English as in Croatian', () => {
    expect(formatDateTime(at(13, 5), 'en')).toBe('November 25, 2026 at 13:05');
    expect(formatDateTime(at(13, 5), 'hr')).toBe('25. studenoga 2026. u 13:05');
  });

  it('writes the hour after midnight as 00, not 12 AM or 24', () => {
    expect(formatDateTime(at(0, 5), 'en')).toBe('November 25, 2026 at 00:05');
  });
});
