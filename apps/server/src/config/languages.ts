import { DEFAULT_LANGUAGES, LanguageCode, MAX_LANGUAGES } from '@karta/contracts';
import { z } from 'zod';
import { type Env, type EnvIssue, optionalText } from './values.ts';

/**
 * `LANGUAGES`: the deployment's languages, comma-separated two-letter codes (default `hr,en`).
 * Content is written in these and the interface offers those of them that have a locale file.
 */
function parseLanguages(value: string | undefined): string[] | null {
  const codes = (value?.trim() ? value : DEFAULT_LANGUAGES.join(','))
    .split(',')
    .map((code) => code.trim().toLowerCase())
    .filter(Boolean);
  const valid = codes.length > 0 && codes.every((code) => LanguageCode.safeParse(code).success);
  const unique = [...new Set(codes)];
  return valid && unique.length <= MAX_LANGUAGES ? unique : null;
}

const languageList = z
  .string()
  .optional()
  .transform((value, ctx) => {
    const languages = parseLanguages(value);
    if (languages) return languages;
    ctx.addIssue({
      code: 'custom',
      message: `Expected 1–${MAX_LANGUAGES} comma-separated two-letter language codes such as hr,en`,
    });
    return z.NEVER;
  });

/** The languages content is written in, and the interface's fallback among them. */
export const LanguagesEnv = z
  .object({
    LANGUAGES: languageList,
    DEFAULT_LANGUAGE: optionalText.transform((value) => value?.toLowerCase()),
  })
  .transform((e) => ({
    /** `LANGUAGES`: the languages content is written in, in the order forms show them. */
    languages: e.LANGUAGES as readonly string[],
    /** The interface's language when the visitor's browser names none of `languages`. */
    // English where offered (the locale files' source language), else the first configured.
    defaultLanguage: e.DEFAULT_LANGUAGE ?? (e.LANGUAGES.includes('en') ? 'en' : (e.LANGUAGES[0] ?? 'en')),
  }));

export type LanguagesConfig = z.output<typeof LanguagesEnv>;

/** DEFAULT_LANGUAGE must be one of LANGUAGES; checked apart so every bad variable is named at once. */
export function defaultLanguageIssues(env: Env): EnvIssue[] {
  const languages = parseLanguages(env.LANGUAGES);
  const language = env.DEFAULT_LANGUAGE?.trim().toLowerCase();
  if (!languages || !language || languages.includes(language)) return [];
  return [{ variable: 'DEFAULT_LANGUAGE', message: `Expected one of LANGUAGES: ${languages.join(', ')}` }];
}
