/** Where a language choice can come from, in order of preference. */
export interface LanguageSources {
  /** The choice the user made with the language switch, if any. */
  stored: string | null;
  /** `navigator.languages`, most preferred first, e.g. `['hr-HR', 'en']`. */
  browser: readonly string[];
  /** Languages the app may show. */
  available: readonly string[];
  /** Used when neither the stored choice nor the browser matches. */
  fallback: string;
}

/** The two-letter base of a BCP 47 tag: `hr-HR` → `hr`. */
export function baseLanguage(tag: string): string {
  return tag.trim().toLowerCase().split(/[-_]/)[0] ?? '';
}

/** Picks the UI language: a remembered choice first, then the browser's preferences, then the fallback. */
export function detectLanguage({ stored, browser, available, fallback }: LanguageSources): string {
  const candidates = [stored, ...browser].filter((tag): tag is string => Boolean(tag)).map(baseLanguage);
  const match = candidates.find((code) => available.includes(code));
  if (match) return match;
  return available.includes(fallback) ? fallback : (available[0] ?? fallback);
}
