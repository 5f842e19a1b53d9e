import { z } from 'zod';
import type { FieldIssue } from './errors.ts';

/**
 * A content or interface language: a two-letter ISO 639-1 code such as `hr` or `en`. Which ones
 * a deployment offers is configuration (`LANGUAGES`, served in `GET /api/v1/config`), not contract:
 * see docs/decisions/010-languages-and-input-text.md.
 */
export const LanguageCode = z.string().regex(/^[a-z]{2}$/, 'Expected a two-letter language code');
export type LanguageCode = z.infer<typeof LanguageCode>;

/** The languages of a deployment that sets none. */
export const DEFAULT_LANGUAGES = ['hr', 'en'] as const;

/**
 * The most languages a deployment may configure, and so the most keys a text record may have
 * before the server even looks at the configuration (one proposal once carried hundreds).
 */
export const MAX_LANGUAGES = 30;

/** Text in one or more languages, keyed by language code (as the API answers it). */
export const LocalizedText = z.record(LanguageCode, z.string());
export type LocalizedText = z.infer<typeof LocalizedText>;

/**
 * Text per language as a client sends it: each value checked by `value`, at most
 * {@link MAX_LANGUAGES} keys, and at least one when `required` says what to ask for.
 */
export function localizedInput<T extends z.ZodType<string, string>>(value: T, required?: string) {
  return z.record(LanguageCode, value).superRefine((record, ctx) => {
    const count = Object.keys(record).length;
    if (count > MAX_LANGUAGES) {
      ctx.addIssue({
        code: 'custom',
        message: `Give at most ${MAX_LANGUAGES} languages`,
        params: { code: 'too_many_languages', maximum: MAX_LANGUAGES },
      });
    } else if (required && count === 0) {
      ctx.addIssue({ code: 'custom', message: required, params: { code: 'required' } });
    }
  });
}

/**
 * The issues of every key of `record` that is not one of the deployment's `languages`, each at
 * `path.key`: content is written only in the languages the site offers, so nobody can fill a
 * place with text no reader will ever be shown. The contract cannot know the configuration, so
 * the server runs this after the contract's checks.
 */
export function unsupportedLanguageIssues(
  record: Readonly<Record<string, unknown>> | null | undefined,
  languages: readonly string[],
  path: string,
): FieldIssue[] {
  return Object.keys(record ?? {})
    .filter((code) => !languages.includes(code))
    .map((code) => ({
      path: `${path}.${code}`,
      code: 'unsupported_language' as const,
      message: `This site takes text in ${languages.join(', ')} only`,
    }));
}
