import type { z } from 'zod';
import type { CategoryField, Extra, ExtraValue } from './category-fields.ts';
import { Phone, Website } from './contact-values.ts';
import type { FieldIssue, FieldIssueCode } from './errors.ts';
import { isIsoDate } from './field-filter-rules.ts';
import { text } from './text.ts';

/** The most characters of a `text` and a `longtext` value. */
export const TEXT_VALUE_MAX = 200;
export const LONGTEXT_VALUE_MAX = 2000;

const TEXT = text({ kind: 'name', max: TEXT_VALUE_MAX });
const LONGTEXT = text({ kind: 'prose', max: LONGTEXT_VALUE_MAX });

type Problem = { code: FieldIssueCode; message: string; params?: Record<string, number> };
/** A checked value; `undefined` when it is empty (no value). */
type Checked = { value: ExtraValue | undefined } | { problem: Problem };

const problem = (code: FieldIssueCode, message: string, params?: Record<string, number>): Checked => ({
  problem: { code, message, ...(params ? { params } : {}) },
});

/** A zod string schema's verdict as a checked value ('' is no value). */
function viaSchema(schema: z.ZodType<string | null>, raw: unknown): Checked {
  if (typeof raw !== 'string') return problem('invalid', 'Expected text');
  const result = schema.safeParse(raw);
  if (!result.success) {
    const issue = result.error.issues[0];
    const params = (issue?.code === 'custom' ? issue.params : undefined) ?? {};
    const { code, ...numbers } = params as { code?: FieldIssueCode } & Record<string, number>;
    return problem(code ?? 'invalid', issue?.message ?? 'Not valid', numbers);
  }
  return { value: result.data === '' || result.data === null ? undefined : result.data };
}

export { isIsoDate } from './field-filter-rules.ts';

function checkNumber(field: CategoryField, raw: unknown): Checked {
  if (typeof raw !== 'number' || !Number.isFinite(raw)) return problem('invalid', 'Expected a number');
  if (field.type === 'integer' && !Number.isInteger(raw))
    return problem('invalid', 'Expected a whole number');
  if (field.min !== undefined && raw < field.min) {
    return problem('too_small', `Use at least ${field.min}`, { minimum: field.min });
  }
  if (field.max !== undefined && raw > field.max) {
    return problem('too_large', `Use at most ${field.max}`, { maximum: field.max });
  }
  return { value: raw };
}

/**
 * Whether `value` may be chosen: an option the field offers, or a retired one the place already
 * had (`kept`), which stays readable and may be sent back unchanged.
 */
function checkOption(field: CategoryField, value: string, kept: readonly string[]): Problem | null {
  const option = field.options?.find((candidate) => candidate.value === value);
  if (!option) return { code: 'not_an_option', message: `“${value}” is not one of this field's options` };
  if (option.retired && !kept.includes(value)) {
    return { code: 'retired_option', message: `“${value}” is no longer offered` };
  }
  return null;
}

function checkChoice(field: CategoryField, raw: unknown, previous: ExtraValue | undefined): Checked {
  const kept = previous === undefined ? [] : Array.isArray(previous) ? previous : [String(previous)];
  if (field.type === 'enum') {
    if (typeof raw !== 'string') return problem('invalid', 'Expected one of the options');
    if (raw === '') return { value: undefined };
    const issue = checkOption(field, raw, kept);
    return issue ? { problem: issue } : { value: raw };
  }
  if (!Array.isArray(raw) || raw.some((value) => typeof value !== 'string')) {
    return problem('invalid', 'Expected a list of options');
  }
  const chosen = [...new Set(raw as string[])];
  for (const value of chosen) {
    const issue = checkOption(field, value, kept);
    if (issue) return { problem: issue };
  }
  // Stored in the options' order, so the same choice is always the same value.
  const order = (field.options ?? []).map((option) => option.value);
  chosen.sort((a, b) => order.indexOf(a) - order.indexOf(b));
  return { value: chosen.length === 0 ? undefined : chosen };
}

/** One value of `field`, normalised, or why it is refused. */
function checkValue(field: CategoryField, raw: unknown, previous: ExtraValue | undefined): Checked {
  switch (field.type) {
    case 'text':
      return viaSchema(TEXT, raw);
    case 'longtext':
      return viaSchema(LONGTEXT, raw);
    case 'url':
      return raw === '' ? { value: undefined } : viaSchema(Website, raw);
    case 'phone':
      return viaSchema(Phone, raw);
    case 'number':
    case 'integer':
      return checkNumber(field, raw);
    case 'boolean':
      return typeof raw === 'boolean' ? { value: raw } : problem('invalid', 'Expected yes or no');
    case 'date':
      if (raw === '') return { value: undefined };
      return typeof raw === 'string' && isIsoDate(raw)
        ? { value: raw }
        : problem('invalid', 'Expected a date (YYYY-MM-DD)');
    case 'enum':
    case 'multi_enum':
      return checkChoice(field, raw, previous);
  }
}

export interface ExtraCheck {
  /** The values kept: normalised, empty ones left out. */
  values: Extra;
  /** What was refused, each at `extra.<key>`. */
  issues: FieldIssue[];
}

/**
 * Checks a place's `extra` against its category's `fields`: the one rule of the server, the
 * browser's form, the import and offline drafts. An unknown key, a value of the wrong type or out
 * of range, an option not offered (a retired one, unless `previous` already held it) and a
 * missing required field are refused, each at `extra.<key>` with a code the web app translates.
 * `null` and empty values mean "no value". `previous` is the place's values before an edit.
 */
export function checkExtra(
  fields: readonly CategoryField[],
  extra: Readonly<Record<string, unknown>>,
  previous: Readonly<Extra> = {},
): ExtraCheck {
  const values: Extra = {};
  const issues: FieldIssue[] = [];
  const byKey = new Map(fields.map((field) => [field.key, field]));
  for (const key of Object.keys(extra)) {
    if (!byKey.has(key)) {
      issues.push({
        path: `extra.${key}`,
        code: 'unknown_field',
        message: 'This category has no such field',
      });
    }
  }
  for (const field of fields) {
    const raw = extra[field.key];
    const checked =
      raw === undefined || raw === null ? { value: undefined } : checkValue(field, raw, previous[field.key]);
    if ('problem' in checked) {
      issues.push({ path: `extra.${field.key}`, ...checked.problem });
    } else if (checked.value !== undefined) {
      values[field.key] = checked.value;
    } else if (field.required) {
      issues.push({ path: `extra.${field.key}`, code: 'required', message: 'Required' });
    }
  }
  return { values, issues };
}
