import type { FieldProblems } from '../../../lib/forms/field-problems.ts';
import { isWebAddress } from '../../../lib/forms/web-address.ts';

export type SourceFormField = 'name' | 'url' | 'format' | 'category' | 'everyHours' | 'onMissing' | 'trusted';
export type SourceFormValues = Record<SourceFormField, string>;

/** How often a source may be fetched, in hours (the contracts' `ImportSourceInput`). */
export const EVERY_HOURS = { min: 1, max: 168 } as const;

/** The hours as a whole number in range, or null. */
export function everyHoursOf(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return null;
  const hours = Number(trimmed);
  return hours >= EVERY_HOURS.min && hours <= EVERY_HOURS.max ? hours : null;
}

/**
 * What the new-source form can tell before sending, by the server's rules: a name of at most 200
 * characters, a whole http(s) address, a default category, and every 1–168 hours.
 */
export function sourceFormProblems(values: SourceFormValues): FieldProblems<SourceFormField> {
  const problems: FieldProblems<SourceFormField> = {};
  const name = values.name.trim();
  if (name === '') problems.name = { code: 'required' };
  else if (name.length > 200) problems.name = { code: 'too_long', params: { maximum: 200 } };
  const url = values.url.trim();
  if (url === '') problems.url = { code: 'required' };
  else if (!isWebAddress(url)) problems.url = { code: 'invalid' };
  if (values.category === '') problems.category = { code: 'required' };
  if (everyHoursOf(values.everyHours) === null) problems.everyHours = { code: 'invalid' };
  return problems;
}
