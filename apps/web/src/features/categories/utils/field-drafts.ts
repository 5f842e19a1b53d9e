import {
  type CategoryField,
  FILTERABLE_TYPES,
  type FieldType,
  MAX_FIELDS,
  MAX_OPTIONS,
} from '@karta/contracts';

/**
 * A category's fields as the editor holds them while a moderator works on them: text as typed
 * (numbers too), a label and help per language of the site, and what can no longer change once
 * saved (a field's key, an option's value). `definitionsOf` turns them into the definitions `PATCH`
 * sends; nothing here talks to the server.
 */

export interface OptionDraft {
  /** Names this option in the editor for its life (React keys, problems, focus); never sent. */
  uid: string;
  /** The stored value: fixed once saved, suggested from the label until then. */
  value: string;
  /** Saved with the category: places may hold it, so it is retired rather than deleted. */
  saved: boolean;
  /** Typed by hand: the value no longer follows the label. */
  valueTouched: boolean;
  /** A label per language of the site, '' where there is none. */
  labels: Record<string, string>;
  retired: boolean;
}

export interface FieldDraft {
  uid: string;
  /** The key: fixed once saved (places' values are stored under it), suggested from the label until then. */
  key: string;
  saved: boolean;
  keyTouched: boolean;
  type: FieldType;
  labels: Record<string, string>;
  help: Record<string, string>;
  required: boolean;
  filterable: boolean;
  /** Kept while another type is chosen, so choosing a choice type again finds them. */
  options: OptionDraft[];
  min: string;
  max: string;
  unit: string;
  osmKey: string;
}

/** The types with options, and those with a minimum, maximum and unit. */
export const OPTION_TYPES: readonly FieldType[] = ['enum', 'multi_enum'];
export const NUMBER_TYPES: readonly FieldType[] = ['number', 'integer'];

export const hasOptions = (type: FieldType) => OPTION_TYPES.includes(type);
export const isNumberType = (type: FieldType) => NUMBER_TYPES.includes(type);
export const canFilter = (type: FieldType) => (FILTERABLE_TYPES as readonly FieldType[]).includes(type);

/** Whether another field or option may be added. */
export const canAddField = (drafts: readonly FieldDraft[]) => drafts.length < MAX_FIELDS;
export const canAddOption = (draft: FieldDraft) => draft.options.length < MAX_OPTIONS;

let lastUid = 0;
/** A name for a draft unique in this page's life. */
export function nextUid(prefix: string): string {
  lastUid += 1;
  return `${prefix}${lastUid}`;
}

const perLanguage = (languages: readonly string[], text: Readonly<Record<string, string>> | undefined) =>
  Object.fromEntries(languages.map((language) => [language, text?.[language] ?? '']));

/** A saved field as a draft to edit (its key fixed, its options retire-only). */
export function draftOfField(field: CategoryField, languages: readonly string[]): FieldDraft {
  return {
    uid: nextUid('field-'),
    key: field.key,
    saved: true,
    keyTouched: true,
    type: field.type,
    labels: perLanguage(languages, field.label),
    help: perLanguage(languages, field.help),
    required: field.required === true,
    filterable: field.filterable === true,
    options: (field.options ?? []).map((option) => ({
      uid: nextUid('option-'),
      value: option.value,
      saved: true,
      valueTouched: true,
      labels: perLanguage(languages, option.label),
      retired: option.retired === true,
    })),
    min: field.min === undefined ? '' : String(field.min),
    max: field.max === undefined ? '' : String(field.max),
    unit: field.unit ?? '',
    osmKey: field.osmKey ?? '',
  };
}

/** A category's fields as drafts, in its order. */
export function draftsOf(
  fields: readonly CategoryField[] | undefined,
  languages: readonly string[],
): FieldDraft[] {
  return (fields ?? []).map((field) => draftOfField(field, languages));
}

/** A blank field: short text, its key to come from its label. */
export function newFieldDraft(languages: readonly string[]): FieldDraft {
  return {
    uid: nextUid('field-'),
    key: '',
    saved: false,
    keyTouched: false,
    type: 'text',
    labels: perLanguage(languages, undefined),
    help: perLanguage(languages, undefined),
    required: false,
    filterable: false,
    options: [],
    min: '',
    max: '',
    unit: '',
    osmKey: '',
  };
}

export function newOptionDraft(languages: readonly string[]): OptionDraft {
  return {
    uid: nextUid('option-'),
    value: '',
    saved: false,
    valueTouched: false,
    labels: perLanguage(languages, undefined),
    retired: false,
  };
}

/** Lower-case ASCII words joined by `_` ("Pristup za sve" → "pristup_za_sve"), at most 40 characters. */
function asciiWords(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/đ/gi, 'd')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 40)
    .replace(/_+$/, '');
}

/** A key suggested from a label: it must begin with a letter, so "24 h" becomes "f_24_h". */
export function keyFrom(label: string): string {
  const words = asciiWords(label);
  if (words === '' || /^[a-z]/.test(words)) return words;
  return `f_${words}`.slice(0, 40).replace(/_+$/, '');
}

/** An option's value suggested from its label ("Customers only" → "customers_only"). */
export function optionValueFrom(label: string): string {
  return asciiWords(label);
}

/** The label a key or value is suggested from: the English one (keys are ASCII), else the first given. */
export function suggestionSource(labels: Readonly<Record<string, string>>): string {
  return labels.en?.trim() || Object.values(labels).find((label) => label.trim() !== '') || '';
}

/** A field with one language's label changed, its key following the label until typed or saved. */
export function withLabel(draft: FieldDraft, language: string, label: string): FieldDraft {
  const labels = { ...draft.labels, [language]: label };
  const key = draft.saved || draft.keyTouched ? draft.key : keyFrom(suggestionSource(labels));
  return { ...draft, labels, key };
}

/** An option with one language's label changed, its value following the label until typed or saved. */
export function withOptionLabel(option: OptionDraft, language: string, label: string): OptionDraft {
  const labels = { ...option.labels, [language]: label };
  const value =
    option.saved || option.valueTouched ? option.value : optionValueFrom(suggestionSource(labels));
  return { ...option, labels, value };
}

/** `items` with the one at `index` moved by `by` places (nothing moves past either end). */
export function moved<T>(items: readonly T[], index: number, by: -1 | 1): T[] {
  const target = index + by;
  if (index < 0 || index >= items.length || target < 0 || target >= items.length) return [...items];
  const next = [...items];
  const [item] = next.splice(index, 1);
  next.splice(target, 0, item as T);
  return next;
}

/** Text per language as sent: trimmed, only the languages filled in; undefined when none is. */
function textOf(text: Readonly<Record<string, string>>): Record<string, string> | undefined {
  const given = Object.entries(text)
    .map(([language, value]) => [language, value.trim()] as const)
    .filter(([, value]) => value !== '');
  return given.length > 0 ? Object.fromEntries(given) : undefined;
}

/** A number as typed, or undefined for an empty box (NaN for one that is no number). */
export function numberOf(text: string): number | undefined {
  const trimmed = text.trim().replace(',', '.');
  return trimmed === '' ? undefined : Number(trimmed);
}

/**
 * The definition one draft sends: only what its type has (options for choices, bounds and unit
 * for numbers, `filterable` for filterable types), and no empty text.
 */
export function definitionOf(draft: FieldDraft): CategoryField {
  const field: CategoryField = { key: draft.key.trim(), type: draft.type, label: textOf(draft.labels) ?? {} };
  const help = textOf(draft.help);
  if (help) field.help = help;
  if (draft.required) field.required = true;
  if (hasOptions(draft.type)) {
    field.options = draft.options.map((option) => ({
      value: option.value.trim(),
      label: textOf(option.labels) ?? {},
      ...(option.retired ? { retired: true } : {}),
    }));
  }
  if (isNumberType(draft.type)) {
    const min = numberOf(draft.min);
    const max = numberOf(draft.max);
    if (min !== undefined) field.min = min;
    if (max !== undefined) field.max = max;
    if (draft.unit.trim() !== '') field.unit = draft.unit.trim();
  }
  if (draft.filterable && canFilter(draft.type)) field.filterable = true;
  if (draft.osmKey.trim() !== '') field.osmKey = draft.osmKey.trim();
  return field;
}

/** The definitions the drafts send, in their order. */
export function definitionsOf(drafts: readonly FieldDraft[]): CategoryField[] {
  return drafts.map(definitionOf);
}

/** JSON with every object's keys sorted, so two definitions compare by what they say. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonical(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * Whether two lists of definitions say the same. A form that changed no field sends no `fields`,
 * so a name change cannot undo another moderator's change of the fields made meanwhile.
 */
export function sameFields(a: readonly CategoryField[], b: readonly CategoryField[]): boolean {
  const normal = (fields: readonly CategoryField[]) =>
    fields.map((field) => ({
      ...field,
      required: field.required === true || undefined,
      filterable: field.filterable === true || undefined,
      options: field.options?.map((option) => ({ ...option, retired: option.retired === true || undefined })),
    }));
  return canonical(normal(a)) === canonical(normal(b));
}
