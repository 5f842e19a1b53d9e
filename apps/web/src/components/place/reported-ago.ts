import { relativeTimeFormat } from '../../lib/i18n/intl-formats.ts';

const MINUTE_MS = 60_000;

/**
 * How long ago a note was written, in words of the UI language (`justNow` under a minute, then
 * "5 minutes ago", "2 hours ago", "yesterday", "3 days ago"): a status note is a matter of hours,
 * so minutes and hours first.
 */
export function reportedAgo(iso: string, now: number, language: string, justNow?: string): string {
  const minutes = Math.max(0, Math.floor((now - Date.parse(iso)) / MINUTE_MS));
  const format = relativeTimeFormat(language, { numeric: 'auto' });
  // Without words of its own, the language's "now".
  if (minutes < 1) return justNow ?? format.format(0, 'second');
  if (minutes < 60) return format.format(-minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return format.format(-hours, 'hour');
  const days = Math.floor(hours / 24);
  if (days < 31) return format.format(-days, 'day');
  if (days < 365) return format.format(-Math.floor(days / 30.44), 'month');
  return format.format(-Math.floor(days / 365.25), 'year');
}

/** Whether a status note still applies at `now` (an answer kept offline may hold one that ended). */
export function stillApplies(note: { expiresAt: string }, now: number): boolean {
  return Date.parse(note.expiresAt) > now;
}
