import { STATUS_NOTE_MAX_DAYS } from '@karta/contracts';
import { addDays, startOfDay } from 'date-fns';
import { fromZonedTime, toZonedTime } from 'date-fns-tz';

/**
 * When a status note stops applying unless its author says otherwise: the end of the day it was
 * written, in the site's time zone (the next local midnight, whatever daylight saving does).
 */
export function endOfLocalDay(now: Date, timeZone: string): Date {
  const wall = toZonedTime(now, timeZone);
  return fromZonedTime(addDays(startOfDay(wall), 1), timeZone);
}

/** The latest a status note may expire: seven days from now. */
export const latestExpiry = (now: Date) => new Date(now.getTime() + STATUS_NOTE_MAX_DAYS * 24 * 3_600_000);
