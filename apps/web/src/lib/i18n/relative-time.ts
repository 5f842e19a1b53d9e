import { relativeTimeFormat } from './intl-formats.ts';

const UNITS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/**
 * `iso` relative to `now` in the UI language, past or future ("3 minutes ago", "in 2 hours",
 * "now" within a minute): a job is due later or finished earlier, an import runs next later.
 */
export function relativeTime(iso: string, now: number, language: string): string {
  const format = relativeTimeFormat(language, { numeric: 'auto' });
  const ms = Date.parse(iso) - now;
  for (const [unit, size] of UNITS) {
    if (Math.abs(ms) >= size) return format.format(Math.round(ms / size), unit);
  }
  return format.format(0, 'second');
}
