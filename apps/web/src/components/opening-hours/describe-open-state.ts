import type { TFunction } from 'i18next';
import { dateTimeFormat } from '../../lib/i18n/intl-formats.ts';
import type { ShownOpenState } from './open-state-now.ts';

export interface OpenStateText {
  tone: 'open' | 'closed' | 'unknown';
  text: string;
}

interface Where {
  t: TFunction;
  language: string;
  /** The site's time zone: hours are the site's, so their times are shown in it. */
  timeZone: string;
}

/** The calendar day of an instant in `timeZone`, as `YYYY-MM-DD`. */
function dayIn(instant: number, timeZone: string): string {
  return dateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(instant);
}

/** A weekday names a day unmistakably only within the coming week; later days go by their date. */
const DAYS_NAMED_BY_WEEKDAY = 6;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * When the state changes next: its time in the site's zone, and unless it is today its weekday
 * ("Mon"), or its date ("Apr 1") when it is more than six days off (seasonal hours).
 */
function when(iso: string, now: number, { language, timeZone }: Where): { time: string; day?: string } {
  const instant = Date.parse(iso);
  const time = dateTimeFormat(language, {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(instant);
  const today = dayIn(now, timeZone);
  const day = dayIn(instant, timeZone);
  if (day === today) return { time };
  const daysAhead = Math.round((Date.parse(day) - Date.parse(today)) / DAY_MS);
  const named: Intl.DateTimeFormatOptions =
    daysAhead > DAYS_NAMED_BY_WEEKDAY ? { day: 'numeric', month: 'short' } : { weekday: 'short' };
  return { time, day: dateTimeFormat(language, { timeZone, ...named }).format(instant) };
}

/**
 * A place's state in words: "Open · closes 16:00", "Closed · opens Mon 08:00", "Closed today ·
 * Christmas Day"; an unknown state shows only its comment ("by appointment"), or nothing.
 */
export function describeOpenState(state: ShownOpenState, now: number, where: Where): OpenStateText | null {
  const { t } = where;
  const { comment } = state;
  if (state.state === 'unknown') return comment ? { tone: 'unknown', text: comment } : null;
  const parts: string[] = [];
  if (state.state === 'open') {
    // No next change within a year: open around the clock (unless it is only past the last read).
    const closes = state.until ? when(state.until, now, where) : null;
    parts.push(
      closes
        ? closes.day
          ? t('openingHours.openClosesOn', { day: closes.day, time: closes.time })
          : t('openingHours.openClosesAt', { time: closes.time })
        : state.changed
          ? t('openingHours.open')
          : t('openingHours.openAlways'),
    );
  } else {
    const next = state.nextChange;
    // Closed with a comment the rest of the day: a public holiday names itself ("Božić").
    const today = dayIn(now, where.timeZone);
    const closedToday =
      comment !== null && (next === null || dayIn(Date.parse(next), where.timeZone) !== today);
    parts.push(closedToday ? t('openingHours.closedToday') : t('openingHours.closed'));
    if (comment) parts.push(comment);
    const opens = next ? when(next, now, where) : null;
    if (opens) {
      parts.push(
        opens.day
          ? t('openingHours.opensOn', { day: opens.day, time: opens.time })
          : t('openingHours.opensAt', { time: opens.time }),
      );
    }
  }
  if (state.state === 'open' && comment) parts.push(comment);
  return { tone: state.state, text: parts.join(' · ') };
}
