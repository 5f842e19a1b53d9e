import type { HoursDay, HoursPreview } from '@karta/contracts';
import { checkOpeningHours, type HoursContext, hoursOf, wallMidnight } from './open-state.ts';
import { weeklyHoursOf } from './weekly-reading.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** `HH:MM` of a wall-clock Date (its UTC fields are the time in the site's zone; see wallClock). */
const hhmm = (wall: Date) =>
  `${String(wall.getUTCHours()).padStart(2, '0')}:${String(wall.getUTCMinutes()).padStart(2, '0')}`;

/**
 * The seven days from `from`'s day, as `value` opens them in the context's zone and country: each
 * day's open intervals (the library's own, cut at midnight) and its comment (a holiday's name).
 */
export function weekOf(value: string, from: Date, context: HoursContext): HoursDay[] {
  const hours = hoursOf(value, context, from);
  const midnight = wallMidnight(from, context.timeZone);
  const week: HoursDay[] = [];
  for (let day = 0; day < 7; day++) {
    const start = midnight + day * DAY_MS;
    const end = start + DAY_MS;
    const intervals = hours
      .getOpenIntervals(new Date(start), new Date(end))
      .map(([open, close, unknown, comment]) => ({
        from: hhmm(open),
        to: close.getTime() >= end ? '24:00' : hhmm(close),
        unknown,
        comment: comment ?? null,
      }));
    week.push({
      date: new Date(start).toISOString().slice(0, 10),
      intervals,
      comment: intervals.length === 0 ? (hours.getComment(new Date(start + DAY_MS / 2)) ?? null) : null,
    });
  }
  return week;
}

/**
 * Whether `value` reads (the library's messages in `locale`), and its coming week when it does;
 * for the form, also the weekly picker's reading of it.
 */
export function previewHours(
  value: string,
  now: Date,
  context: HoursContext,
  options: { locale: string; picker?: boolean },
): HoursPreview {
  const { error, warnings } = checkOpeningHours(value, context, options.locale);
  const preview = { error, warnings, week: error ? [] : weekOf(value, now, context) };
  if (!options.picker) return preview;
  return { ...preview, weekly: error ? null : weeklyHoursOf(value, now, context) };
}
