import { describe, expect, it } from 'vitest';
import { EMPTY_WEEK, type TimeRange, type WeeklyHours, weeklyHoursToOsm } from './weekly-hours.ts';

const week = (days: Record<number, [string, string][]>, extra: Partial<WeeklyHours> = {}): WeeklyHours => ({
  ...EMPTY_WEEK,
  days: EMPTY_WEEK.days.map((_, day): TimeRange[] => (days[day] ?? []).map(([from, to]) => ({ from, to }))),
  ...extra,
});
const office: [string, string][] = [['08:00', '16:00']];

describe('weeklyHoursToOsm', () => {
  it('writes days with the same hours as one rule, and the holidays last', () => {
    expect(
      weeklyHoursToOsm(
        week({ 0: office, 1: office, 2: office, 3: office, 4: office, 5: [['09:00', '12:00']] }),
      ),
    ).toBe('Mo-Fr 08:00-16:00; Sa 09:00-12:00');
    expect(
      weeklyHoursToOsm(
        week(
          { 0: office, 2: office, 4: office, 1: [['12:00', '20:00']], 3: [['12:00', '20:00']] },
          { closedOnHolidays: true },
        ),
      ),
    ).toBe('Mo,We,Fr 08:00-16:00; Tu,Th 12:00-20:00; PH off');
    expect(weeklyHoursToOsm(week({ 0: office, 1: office, 2: office, 4: office }))).toBe(
      'Mo-We,Fr 08:00-16:00',
    );
  });

  it('writes several ranges of a day, a night past midnight, and around the clock', () => {
    expect(
      weeklyHoursToOsm(
        week({
          2: [
            ['08:00', '12:00'],
            ['14:00', '18:00'],
          ],
        }),
      ),
    ).toBe('We 08:00-12:00,14:00-18:00');
    expect(weeklyHoursToOsm(week({ 4: [['22:00', '02:00']] }))).toBe('Fr 22:00-02:00');
    // "; " would let Saturday's rule replace Friday night's last two hours.
    expect(
      weeklyHoursToOsm(
        week({ 4: [['22:00', '02:00']], 5: [['10:00', '14:00']] }, { closedOnHolidays: true }),
      ),
    ).toBe('Fr 22:00-02:00, Sa 10:00-14:00; PH off');
    expect(weeklyHoursToOsm(week({ 4: [['18:00', '00:00']], 5: [['10:00', '14:00']] }))).toBe(
      'Fr 18:00-00:00; Sa 10:00-14:00',
    );
    expect(weeklyHoursToOsm(week({ 0: office }, { allDay: true, closedOnHolidays: true }))).toBe(
      '24/7; PH off',
    );
  });

  it('leaves out half-typed ranges, and writes nothing when nothing is open', () => {
    expect(weeklyHoursToOsm(week({ 0: [['08:00', '']], 1: office }))).toBe('Tu 08:00-16:00');
    expect(weeklyHoursToOsm(EMPTY_WEEK)).toBe('');
    expect(weeklyHoursToOsm({ ...EMPTY_WEEK, closedOnHolidays: true })).toBe('');
  });
});
