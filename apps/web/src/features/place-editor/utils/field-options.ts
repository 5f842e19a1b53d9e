import type { CategoryField, ExtraValue } from '@karta/contracts';

/** One option a choice widget offers. */
export interface ShownOption {
  value: string;
  /** No longer offered to new values: shown only because the place (or the form) holds it. */
  retired: boolean;
  /** Not one of the field's options at all (a value another category's options allowed). */
  unknown: boolean;
}

const asList = (value: ExtraValue | undefined): string[] =>
  value === undefined ? [] : Array.isArray(value) ? value.map(String) : [String(value)];

/**
 * The options a choice field offers in the form, in the field's order: every option still
 * offered, and a retired one only where the place already has it (`previous`) or the form holds it
 * (`current`, so what is chosen is always shown, and the values rule explains why it cannot stay).
 * A value that is no option at all comes last, for the same reason.
 */
export function shownOptions(
  field: Pick<CategoryField, 'options'>,
  current: ExtraValue | undefined,
  previous: ExtraValue | undefined,
): ShownOption[] {
  const held = new Set([...asList(current), ...asList(previous)]);
  const options = field.options ?? [];
  const shown = options
    .filter((option) => !option.retired || held.has(option.value))
    .map((option) => ({ value: option.value, retired: option.retired === true, unknown: false }));
  const known = new Set(options.map((option) => option.value));
  const strangers = asList(current)
    .filter((value) => !known.has(value))
    .map((value) => ({ value, retired: false, unknown: true }));
  return [...shown, ...strangers];
}

/** The most options a single choice shows as radio buttons; more are a drop-down list. */
export const MAX_RADIO_OPTIONS = 5;

/** A multiple choice with `value` ticked or not, kept in the options' order (as the server stores it). */
export function toggledChoice(
  field: Pick<CategoryField, 'options'>,
  chosen: readonly string[],
  value: string,
  on: boolean,
): string[] {
  const next = new Set(chosen);
  if (on) next.add(value);
  else next.delete(value);
  const order = (field.options ?? []).map((option) => option.value);
  const rank = (option: string) => (order.includes(option) ? order.indexOf(option) : order.length);
  return [...next].sort((a, b) => rank(a) - rank(b));
}
