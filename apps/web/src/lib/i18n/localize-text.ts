/** Text keyed by language code, as places and categories carry it. */
export type LocalizedText = Readonly<Record<string, string>>;

/**
 * The text in `language`, else in `fallbackLanguage` (a place's primary language), else the first
 * non-empty one given; empty when there is none.
 */
export function localizeText(text: LocalizedText, language: string, fallbackLanguage?: string): string {
  const preferred = text[language];
  if (preferred) return preferred;
  const fallback = fallbackLanguage ? text[fallbackLanguage] : undefined;
  if (fallback) return fallback;
  return Object.values(text).find((value) => value.length > 0) ?? '';
}
