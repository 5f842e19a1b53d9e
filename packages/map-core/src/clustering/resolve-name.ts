/**
 * A place's name in the reader's language, else in the language it was written in, else in any
 * language it has (the first given), else empty.
 */
export function resolveName(
  names: Readonly<Record<string, string>>,
  primaryLanguage: string,
  lang: string | undefined,
): string {
  // Own keys only: a language code such as `constructor` must not find Object.prototype's.
  if (lang !== undefined && Object.hasOwn(names, lang) && names[lang]) return names[lang] as string;
  if (Object.hasOwn(names, primaryLanguage) && names[primaryLanguage])
    return names[primaryLanguage] as string;
  for (const value of Object.values(names)) {
    if (value) return value;
  }
  return '';
}
