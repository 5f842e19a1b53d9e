import { dateTimeFormat, numberFormat } from './intl-formats.ts';

/** "850 m" below a kilometre, "1,2 km" / "1.2 km" below ten, "14 km" above, in the UI language. */
export function formatDistance(metres: number, language: string): string {
  // Rounded first, so 999.6 m reads "1 km", not "1,000 m".
  const wholeMetres = Math.round(metres);
  if (wholeMetres < 1000) {
    return numberFormat(language, { style: 'unit', unit: 'meter', maximumFractionDigits: 0 }).format(
      wholeMetres,
    );
  }
  const kilometres = metres / 1000;
  return numberFormat(language, {
    style: 'unit',
    unit: 'kilometer',
    maximumFractionDigits: kilometres < 10 ? 1 : 0,
  }).format(kilometres);
}

/** A date and time in the UI language, e.g. "3 March 2025". */
export function formatDate(iso: string, language: string): string {
  return dateTimeFormat(language, { dateStyle: 'long' }).format(new Date(iso));
}

/**
 * A date with its time of day in the UI language, e.g. "3 March 2025 at 14:05": on the 24-hour
 * clock in every language (English would say "2:05 PM"). `hourCycle`, not `hour12: false`, which
 * writes the first hour after midnight as "24:05" in English.
 */
export function formatDateTime(iso: string, language: string): string {
  return dateTimeFormat(language, {
    dateStyle: 'long',
    timeStyle: 'short',
    hourCycle: 'h23',
  }).format(new Date(iso));
}
