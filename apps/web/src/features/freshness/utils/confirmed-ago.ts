import { relativeTimeFormat } from '../../../lib/i18n/intl-formats.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * How long ago `iso` was, in words of the UI language ("today", "12 days ago", "3 months ago",
 * "2 years ago"): days under a month, months under a year, then years.
 */
export function confirmedAgo(iso: string, now: number, language: string): string {
  const days = Math.max(0, Math.floor((now - Date.parse(iso)) / DAY_MS));
  const format = relativeTimeFormat(language, { numeric: 'auto' });
  if (days < 31) return format.format(-days, 'day');
  if (days < 365) return format.format(-Math.floor(days / 30.44), 'month');
  return format.format(-Math.floor(days / 365.25), 'year');
}
