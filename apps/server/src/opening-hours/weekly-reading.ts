import { EMPTY_WEEK, type TimeRange, type WeeklyHours, weeklyHoursToOsm } from '@karta/contracts';
import type OpeningHours from 'opening_hours';
import { followsTheSun, type HoursContext, hoursOf, wallMidnight } from './open-state.ts';

const MINUTE_MS = 60 * 1000;
const DAY_MS = 24 * 60 * MINUTE_MS;
const WEEK_MS = 7 * DAY_MS;
const YEAR_MS = 366 * DAY_MS;
const DAY_MINUTES = 24 * 60;
/** A week without a public holiday is looked for this many weeks ahead. */
const WEEKS_SEARCHED = 26;

/** A stretch of one day in minutes after its midnight (`to` 1440: until midnight). */
interface Piece {
  from: number;
  to: number;
}

/**
 * `value` read back into the weekly picker (see contracts' weekly-hours.ts): each weekday's ranges
 * in a week without public holidays, "24/7" when open around the clock, "closed on public
 * holidays" when a holiday on an open weekday is closed. opening_hours.js does the reading; no
 * grammar is parsed here. The reading is only given when the picker would write hours that mean
 * the same as `value` over the coming year (compared with the library, interval by interval), so
 * using the picker never changes hours it did not show; otherwise null (months, week numbers,
 * comments, "by appointment", sunrise, a holiday's own hours, text that does not read).
 */
export function weeklyHoursOf(value: string, now: Date, context: HoursContext): WeeklyHours | null {
  // Sun times move by a minute or less a day: a week could look regular when it is not.
  if (followsTheSun(value)) return null;
  let hours: OpeningHours;
  try {
    hours = hoursOf(value, context, now);
  } catch {
    return null;
  }
  const today = wallMidnight(now, context.timeZone);
  const holidays = publicHolidays(context, now, today);
  const monday = plainMondayAfter(today, holidays);
  // A day before and after the week, for nights that cross its ends.
  const intervals = hours.getOpenIntervals(new Date(monday - DAY_MS), new Date(monday + WEEK_MS + DAY_MS));
  if (intervals.some(([, , unknown, comment]) => unknown || comment !== undefined)) return null;
  const days = weekRanges(intervals, monday);
  const allDay = days.every((ranges) => ranges.length === 1 && isWholeDay(ranges[0] as TimeRange));
  const week: WeeklyHours = {
    days: allDay ? EMPTY_WEEK.days : days,
    allDay,
    closedOnHolidays: closedOnAHoliday(hours, days, holidays),
  };
  const written = weeklyHoursToOsm(week);
  if (written === '') return null;
  return meansTheSame(hours, hoursOf(written, context, now), today) ? week : null;
}

/** The wall-clock midnights of the country's public holidays in the coming year, as the library knows them. */
function publicHolidays(context: HoursContext, now: Date, today: number): Set<number> {
  let holidays: OpeningHours;
  try {
    holidays = hoursOf('PH', context, now);
  } catch {
    return new Set(); // the country has no holidays the library knows
  }
  return new Set(
    holidays
      .getOpenIntervals(new Date(today), new Date(today + YEAR_MS))
      .map(([start]) => Math.floor(start.getTime() / DAY_MS) * DAY_MS),
  );
}

/** The first Monday after `today` whose week has no public holiday (or the first, if none is plain). */
function plainMondayAfter(today: number, holidays: Set<number>): number {
  const first = today + (7 - ((new Date(today).getUTCDay() + 6) % 7)) * DAY_MS;
  for (let week = 0; week < WEEKS_SEARCHED; week++) {
    const monday = first + week * WEEK_MS;
    if (!Array.from({ length: 7 }, (_, day) => monday + day * DAY_MS).some((day) => holidays.has(day))) {
      return monday;
    }
  }
  return first;
}

/**
 * Each weekday's ranges from the library's open intervals of the week and a day on either side.
 * Intervals are cut at midnights; an evening that runs on into the small hours of the next day
 * is one range again (`22:00-02:00`), kept by the day it starts.
 */
function weekRanges(intervals: [Date, Date, boolean, string | undefined][], monday: number): TimeRange[][] {
  // Days -1 (the Sunday before) to 7 (the Monday after).
  const pieces: Piece[][] = Array.from({ length: 9 }, () => []);
  for (const [start, end] of intervals) {
    for (let at = start.getTime(); at < end.getTime(); ) {
      const midnight = Math.floor(at / DAY_MS) * DAY_MS;
      const cut = Math.min(end.getTime(), midnight + DAY_MS);
      pieces[(midnight - monday) / DAY_MS + 1]?.push({
        from: (at - midnight) / MINUTE_MS,
        to: (cut - midnight) / MINUTE_MS,
      });
      at = cut;
    }
  }
  for (let day = 0; day < 8; day++) {
    const evening = pieces[day]?.at(-1);
    const small = pieces[day + 1]?.[0];
    const night =
      evening &&
      small &&
      evening.from > 0 &&
      evening.to === DAY_MINUTES &&
      small.from === 0 &&
      small.to <= evening.from;
    if (night) {
      pieces[day]?.splice(-1, 1, { from: evening.from, to: small.to });
      pieces[day + 1]?.shift();
    }
  }
  return pieces
    .slice(1, 8)
    .map((ranges) => ranges.map(({ from, to }) => ({ from: hhmm(from), to: hhmm(to) })));
}

/** `HH:MM`; midnight at the end of a day is `00:00`, which OpenStreetMap reads as the same and a time field can show. */
function hhmm(minutes: number): string {
  const m = minutes % DAY_MINUTES;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
}

const isWholeDay = (range: TimeRange) => range.from === '00:00' && range.to === '00:00';

/** Whether the first public holiday on a weekday that is open in the plain week is closed all day. */
function closedOnAHoliday(hours: OpeningHours, days: TimeRange[][], holidays: Set<number>): boolean {
  for (const holiday of [...holidays].sort((a, b) => a - b)) {
    const weekday = (new Date(holiday).getUTCDay() + 6) % 7;
    if ((days[weekday] ?? []).length === 0) continue;
    return hours.getOpenIntervals(new Date(holiday), new Date(holiday + DAY_MS)).length === 0;
  }
  return false;
}

/**
 * Whether two readings open and close at the same instants, with the same unknowns and comments.
 * Hours the same every week are compared over a fortnight; others over the coming year.
 */
function meansTheSame(first: OpeningHours, second: OpeningHours, today: number): boolean {
  const span = first.isWeekStable() && second.isWeekStable() ? 2 * WEEK_MS : YEAR_MS;
  const from = new Date(today);
  const to = new Date(today + span);
  const flat = (hours: OpeningHours) =>
    hours
      .getOpenIntervals(from, to)
      .map(
        ([start, end, unknown, comment]) => `${start.getTime()}-${end.getTime()}-${unknown}-${comment ?? ''}`,
      )
      .join('|');
  return flat(first) === flat(second);
}
