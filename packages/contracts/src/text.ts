import { z } from 'zod';
import type { FieldIssueCode } from './errors.ts';

/**
 * What a text field holds, which decides the characters it takes:
 * - `name`: one line a person reads and compares (place and category names, search text). No
 *   control characters, no bidi embeddings/overrides/isolates and no invisible zero-width
 *   characters, which let two names that look the same differ (or one read backwards to a
 *   moderator). ZWNJ/ZWJ (U+200C/U+200D) stay where they join something: after a non-ASCII
 *   character and before a visible one, as Persian, Indic scripts and emoji sequences need
 *   them; Latin text never does, so they cannot hide inside "Pharmacy".
 * - `prose`: several lines (descriptions, reasons, comments). Line breaks and tabs are kept;
 *   bidi isolates, embeddings and zero-width characters are kept for right-to-left and Thai
 *   text, but the two overrides (U+202D, U+202E), which only ever serve to disguise, are refused.
 * - `token`: one line that is an address or a key (e-mail, website, phone, external id, cursor).
 *   No control and no format characters at all (nothing invisible belongs in a key).
 *
 * Every kind refuses unpaired UTF-16 surrogates (`"a\ud800b"`: not text at all; PostgreSQL and
 * JSON writers fail on them) and U+FEFF (a byte-order mark pasted into the middle of text), and
 * every kind is NFC-normalised, so "é" typed as e + ◌́ and as é is one string for search, the
 * uniqueness of names and the import's "unchanged" check.
 *
 * Line breaks: `prose` turns CRLF, a lone CR and U+2028/U+2029 into LF. One stored form means an
 * edit in a browser (which may send CRLF) is not a change, and a CSV or GeoJSON file gives the
 * same text whatever line ends it was written with; exports write LF. A CRLF in a file therefore
 * comes back as LF after a round trip, by design.
 */
export type TextKind = 'name' | 'prose' | 'token';

export interface TextOptions {
  kind: TextKind;
  /** Most characters (code points, after normalisation and trimming). */
  max: number;
  /** Fewest characters (default 0). With 1, an empty text is `required`. */
  min?: number;
  /** The message when the value is missing or not a string. */
  error?: string;
}

type Issue = { code: FieldIssueCode; message: string; params?: Record<string, number> };

const UNPAIRED_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
/** C0 and C1 controls and DEL, except tab and the line ends prose keeps. */
const CONTROL_IN_PROSE = /(?![\t\n])\p{Cc}/u;
const CONTROL_IN_LINE = /[\p{Cc}\u2028\u2029]/u;
const BIDI_OVERRIDE = /[\u202d\u202e]/;
const BIDI_CONTROL = /[\u202a-\u202e\u2066-\u2069]/;
const BYTE_ORDER_MARK = /\ufeff/;
const ZERO_WIDTH_IN_NAME = /[\u200b\u2060]/;
/** ZWNJ/ZWJ that join nothing: at the start, after ASCII, or before a space, an end or another format character. */
const LOOSE_JOINER = /(?:^|\p{ASCII})[\u200c\u200d]|[\u200c\u200d](?=$|[\s\p{Cf}])/u;
const FORMAT_CHARACTER = /\p{Cf}/u;

/** Characters in `text` as a person counts them (code points, not UTF-16 units). */
export function characterCount(text: string): number {
  let count = 0;
  for (const _ of text) count += 1;
  return count;
}

const invalid = (message: string): Issue => ({ code: 'invalid_characters', message });

/** Why `raw` holds a character its kind refuses, or null. */
export function characterIssue(raw: string, kind: TextKind): Issue | null {
  if (UNPAIRED_SURROGATE.test(raw)) return invalid('Text holds a broken character (an unpaired surrogate)');
  if ((kind === 'prose' ? CONTROL_IN_PROSE : CONTROL_IN_LINE).test(raw)) {
    return invalid(
      kind === 'prose'
        ? 'Text must not contain control characters'
        : 'Use one line without control characters',
    );
  }
  if (BYTE_ORDER_MARK.test(raw)) return invalid('Text must not contain invisible characters (U+FEFF)');
  if (kind === 'prose') {
    return BIDI_OVERRIDE.test(raw) ? invalid('Text must not contain bidi override characters') : null;
  }
  if (kind === 'token') {
    return FORMAT_CHARACTER.test(raw) ? invalid('Must not contain invisible formatting characters') : null;
  }
  if (BIDI_CONTROL.test(raw)) return invalid('A name must not contain bidi control characters');
  if (ZERO_WIDTH_IN_NAME.test(raw) || LOOSE_JOINER.test(raw)) {
    return invalid('A name must not contain zero-width characters');
  }
  return null;
}

/** The one stored form of `raw`: NFC, prose with LF line ends, trimmed. */
export function normaliseText(raw: string, kind: TextKind): string {
  const lines = kind === 'prose' ? raw.replace(/\r\n?|[\u2028\u2029]/g, '\n') : raw;
  return lines.normalize('NFC').trim();
}

/** Why `value` (normalised) is too short or too long, or null. */
export function lengthIssue(value: string, min: number, max: number): Issue | null {
  const length = characterCount(value);
  if (min > 0 && length === 0) return { code: 'required', message: 'Required' };
  if (length < min) {
    return { code: 'too_short', message: `Use at least ${min} characters`, params: { minimum: min } };
  }
  if (length > max) {
    return { code: 'too_long', message: `Use at most ${max} characters`, params: { maximum: max } };
  }
  return null;
}

/** Adds `issue` with its code in `params`, where the server's error details read it; stops the checks. */
export function reportIssue(ctx: z.RefinementCtx, issue: Issue | null) {
  if (issue) {
    ctx.addIssue({
      code: 'custom',
      message: issue.message,
      params: { ...issue.params, code: issue.code },
      continue: false,
    });
  }
}

/**
 * Text a client may send, checked before it goes anywhere near the database: normalised (see
 * {@link TextKind}; whitespace at the ends is trimmed), then the characters its `kind` allows,
 * then `min`–`max` characters. The output
 * is the normalised text; an empty optional one is `''` (see `optionalText`).
 */
export function text({ kind, max, min = 0, error }: TextOptions) {
  // Cheap bound before any scan: NFC and trimming shrink text by far less than this.
  const rawLimit = max * 4 + 256;
  return (
    z
      .string(error === undefined ? undefined : { error })
      .superRefine((raw, ctx) => {
        if (raw.length > rawLimit) {
          reportIssue(ctx, {
            code: 'too_long',
            message: `Use at most ${max} characters`,
            params: { maximum: max },
          });
        }
      })
      .overwrite((raw) => normaliseText(raw, kind))
      .superRefine((value, ctx) =>
        reportIssue(ctx, characterIssue(value, kind) ?? lengthIssue(value, min, max)),
      )
      // The bounds for the OpenAPI document (JSON Schema counts code points, as the check does).
      .meta(min > 0 ? { minLength: min, maxLength: max } : { maxLength: max })
  );
}

/** Optional text of at most `max` characters; empty (after trimming) means none: null. */
export const optionalText = (max: number, kind: TextKind = 'name') =>
  text({ kind, max })
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional();

/**
 * A password as typed: never normalised or trimmed, since existing hashes were made from the
 * exact code points. Only what is not text at all is refused: NUL and unpaired surrogates, which
 * a UTF-8 encoder would silently turn into U+FFFD (so two different passwords would hash alike).
 */
export function secretText(maxUnits: number, error?: string) {
  return z.string(error === undefined ? undefined : { error }).superRefine((raw, ctx) => {
    if (raw.length > maxUnits) {
      reportIssue(ctx, { code: 'too_long', message: 'The password is too long' });
    } else if (raw.includes('\u0000') || UNPAIRED_SURROGATE.test(raw)) {
      reportIssue(ctx, invalid('The password holds a character that is not text'));
    }
  });
}
