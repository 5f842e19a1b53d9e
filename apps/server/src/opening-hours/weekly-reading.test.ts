import { EMPTY_WEEK, weeklyHoursToOsm } from '@karta/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { HoursContext } from './open-state.ts';
import { weeklyHoursOf } from './weekly-reading.ts';

const ZAGREB: HoursContext = { timeZone: 'Europe/Zagreb', country: 'hr', lat: 45.81, lng: 15.98 };
/** Friday 27 November 2026, 11:00 in Zagreb. */
const NOW = new Date('2026-11-27T10:00:00Z');
const readBack = (value: string) => {
  const week = weeklyHoursOf(value, NOW, ZAGREB);
  return week && weeklyHoursToOsm(week);
};

describe('weeklyHoursOf', () => {
  it('reads the weekly hours a picker could have written into its days, ranges and holidays', () => {
    expect(weeklyHoursOf('Mo-Fr 08:00-16:00; Sa 09:00-12:00; PH off', NOW, ZAGREB)).toEqual({
      days: [0, 1, 2, 3, 4]
        .map(() => [{ from: '08:00', to: '16:00' }])
        .concat([[{ from: '09:00', to: '12:00' }], []]),
      allDay: false,
      closedOnHolidays: true,
    });
    expect(readBack('Mo-Fr 08:00-12:00,13:00-17:00')).toBe('Mo-Fr 08:00-12:00,13:00-17:00');
    expect(readBack('Tu,Th 12:00-20:00; Mo,We,Fr 08:00-16:00')).toBe(
      'Mo,We,Fr 08:00-16:00; Tu,Th 12:00-20:00',
    );
  });

  it('keeps a night past midnight with the day it starts, Sunday’s too', () => {
    expect(weeklyHoursOf('Fr 22:00-02:00', NOW, ZAGREB)?.days[4]).toEqual([{ from: '22:00', to: '02:00' }]);
    expect(readBack('Su 22:00-02:00')).toBe('Su 22:00-02:00');
    expect(readBack('Mo-Sa 22:00-06:00')).toBe('Mo-Sa 22:00-06:00');
    // Until midnight reads as 00:00, which a time field can show and OpenStreetMap reads the same.
    expect(readBack('Mo-Fr 08:00-24:00')).toBe('Mo-Fr 08:00-00:00');
  });

  it('reads around the clock as 24/7, with or without holidays', () => {
    expect(weeklyHoursOf('24/7', NOW, ZAGREB)).toEqual({ ...EMPTY_WEEK, allDay: true });
    expect(readBack('Mo-Su 00:00-24:00')).toBe('24/7');
    expect(readBack('24/7; PH off')).toBe('24/7; PH off');
  });

  it('gives nothing for hours that say more than a week of ranges, so the picker never drops any', () => {
    for (const value of [
      'Mo-Fr 08:00-16:00; Jan off', // months
      'Mo 10:00-12:00 "by appointment"', // a comment
      'Mo-Fr 08:00-16:00 || "by appointment"', // open perhaps
      'Mo-Fr 08:00-16:00; PH 10:00-12:00', // a holiday's own hours
      'week 1-53/2 Mo 10:00-12:00', // every other week
      'sunrise-sunset',
      'off',
      'Mo-Fr 25:00', // does not read
    ]) {
      expect(weeklyHoursOf(value, NOW, ZAGREB), value).toBeNull();
    }
  });

  it('reads back every week the picker writes, to the same text', () => {
    const time = (step: number) => {
      const minutes = step * 5;
      return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
    };
    // Per day, range ends in 5-minute steps (taken in pairs), and perhaps a night past midnight.
    const ends = fc.uniqueArray(fc.integer({ min: 0, max: 287 }), { maxLength: 6 });
    const night = fc.option(
      fc.record({ from: fc.integer({ min: 1, max: 287 }), to: fc.integer({ min: 1, max: 60 }) }),
      {
        nil: null,
      },
    );
    const seven = <T>(arbitrary: fc.Arbitrary<T>) => fc.array(arbitrary, { minLength: 7, maxLength: 7 });
    fc.assert(
      fc.property(seven(ends), seven(night), fc.boolean(), (dayEnds, nights, closedOnHolidays) => {
        const ranges = dayEnds.map((steps) => {
          const sorted = [...steps].sort((a, b) => a - b);
          return Array.from({ length: Math.floor(sorted.length / 2) }, (_, i) => ({
            from: sorted[2 * i] as number,
            to: sorted[2 * i + 1] as number,
          }));
        });
        const days = ranges.map((own, day) => {
          const evening = nights[day];
          const lastEnd = own.at(-1)?.to ?? -2;
          const nextStart = Math.min(
            ranges[(day + 1) % 7]?.[0]?.from ?? 288,
            nights[(day + 1) % 7]?.from ?? 288,
          );
          // A night starts after the day's ranges and ends before anything of the next day begins.
          const fits =
            evening && evening.from > lastEnd + 1 && evening.to < evening.from && evening.to < nextStart - 1;
          return [...own, ...(fits ? [evening] : [])].map((range) => ({
            from: time(range.from),
            to: time(range.to),
          }));
        });
        const written = weeklyHoursToOsm({ days, allDay: false, closedOnHolidays });
        fc.pre(written !== '');
        expect(readBack(written)).toBe(written);
      }),
      { numRuns: 60 },
    );
  });
});
