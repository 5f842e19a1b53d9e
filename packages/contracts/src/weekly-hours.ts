import { z } from 'zod';

/**
 * The place form's weekly picker and the OpenStreetMap text it writes. Shared: the form writes
 * the text, and the server reads a value back into the picker's week (GET /opening-hours with
 * `picker=true`) and checks that writing that week means the same hours.
 */

/** `HH:MM`; an end at `24:00` is midnight. */
const PickerTime = z.string().regex(/^(([01]\d|2[0-3]):[0-5]\d|24:00)$/);

/** One stretch of a day, `HH:MM` to `HH:MM` (an end at or before the start runs past midnight). */
export const TimeRange = z.object({ from: PickerTime, to: PickerTime });
export type TimeRange = z.infer<typeof TimeRange>;

/** What the picker holds: each weekday's ranges (Monday first; none: closed). */
export const WeeklyHours = z.object({
  days: z.array(z.array(TimeRange)).length(7),
  /** Open around the clock, every day (the days' ranges are then not used). */
  allDay: z.boolean(),
  /** Closed on the site's public holidays. */
  closedOnHolidays: z.boolean(),
});
export type WeeklyHours = z.infer<typeof WeeklyHours>;

/** OpenStreetMap's two-letter weekdays, Monday first. */
export const OSM_DAYS = ['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su'] as const;

export const EMPTY_WEEK: WeeklyHours = {
  days: OSM_DAYS.map(() => []),
  allDay: false,
  closedOnHolidays: false,
};

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Whether a range has two times the picker can write (an empty or half-typed one is left out). */
export function isCompleteRange(range: TimeRange): boolean {
  return TIME.test(range.from) && (TIME.test(range.to) || range.to === '24:00');
}

/** `Mo-Fr`, `Mo,We,Fr`, `Mo-We,Fr`: the days given (ascending indexes) in OpenStreetMap's form. */
function daySelector(days: readonly number[]): string {
  const parts: string[] = [];
  for (let i = 0; i < days.length; ) {
    let j = i;
    while (j + 1 < days.length && (days[j + 1] as number) === (days[j] as number) + 1) j += 1;
    const first = OSM_DAYS[days[i] as number];
    const last = OSM_DAYS[days[j] as number];
    // Two days in a row read better as a list than as a range.
    parts.push(j === i ? `${first}` : j === i + 1 ? `${first},${last}` : `${first}-${last}`);
    i = j + 1;
  }
  return parts.join(',');
}

/**
 * The picker's week as an OpenStreetMap `opening_hours` value: days with the same ranges share a
 * rule (`Mo-Fr 08:00-16:00; Sa 09:00-12:00`; with nights `Fr 22:00-02:00, Sa 10:00-14:00`),
 * `24/7` when open around the clock, `PH off` when
 * closed on public holidays; empty when nothing is open. The server reads it back with
 * opening_hours.js like any other value.
 */
export function weeklyHoursToOsm(week: WeeklyHours): string {
  const holidays = week.closedOnHolidays ? ['PH off'] : [];
  if (week.allDay) return ['24/7', ...holidays].join('; ');
  const daysOf = new Map<string, number[]>();
  week.days.forEach((ranges, day) => {
    const complete = ranges.filter(isCompleteRange);
    if (complete.length === 0) return;
    const times = complete.map((range) => `${range.from}-${range.to}`).join(',');
    daysOf.set(times, [...(daysOf.get(times) ?? []), day]);
  });
  if (daysOf.size === 0) return '';
  const rules = [...daysOf].map(([times, days]) => `${daySelector(days)} ${times}`);
  // A night spills into the next day, and a later rule for that day after "; " replaces the whole
  // day, spill included (`Fr 22:00-02:00; Sa 10:00-14:00` closes at midnight on Friday). So a week
  // with nights joins its day rules as additional rules, which add to each other.
  const nights = week.days.some((ranges) => ranges.filter(isCompleteRange).some(runsPastMidnight));
  return [rules.join(nights ? ', ' : '; '), ...holidays].join('; ');
}

/** Whether a range ends on the next day (an end at midnight, `00:00` or `24:00`, does not). */
function runsPastMidnight(range: TimeRange): boolean {
  return range.to !== '00:00' && range.to !== '24:00' && range.to <= range.from;
}
