import { z } from 'zod';
import { localizedInput } from './languages.ts';
import { text } from './text.ts';

/**
 * Fields per category: what a kind of place says beyond the fields every place has ("Indoor" for
 * a defibrillator, "Languages spoken" for a food bank). A category defines an ordered list; a
 * place keeps its values in `extra`, checked by the rule `extraValues` compiles from the list, on
 * the server, in the browser's form, in the import and in offline drafts alike. See README,
 * "Adding a field to a category".
 */
export const FIELD_TYPES = [
  'text',
  'longtext',
  'number',
  'integer',
  'boolean',
  'enum',
  'multi_enum',
  'date',
  'url',
  'phone',
] as const;
export const FieldType = z.enum(FIELD_TYPES);
export type FieldType = z.infer<typeof FieldType>;

/** The types whose values can be filtered on: chosen from a few values, or compared as numbers. */
export const FILTERABLE_TYPES = [
  'boolean',
  'enum',
  'multi_enum',
  'number',
  'integer',
  'date',
] as const satisfies readonly FieldType[];

/**
 * The types of the fields a category can be filtered on, by key (`{"indoor": "boolean"}`): fields
 * marked `filterable` of a filterable type. The server keeps it as `categories.filter_types`, and
 * only these of a place's values reach the map's index, on the server and offline alike.
 */
export function filterTypesOf(fields: readonly { key: string; type: FieldType; filterable?: boolean }[]) {
  const filterable: readonly FieldType[] = FILTERABLE_TYPES;
  return Object.fromEntries(
    fields
      .filter((field) => field.filterable && filterable.includes(field.type))
      .map((field) => [field.key, field.type]),
  ) as Record<string, FieldType>;
}

/** The types with `options`. */
const OPTION_TYPES: readonly FieldType[] = ['enum', 'multi_enum'];
/** The types with `min`, `max` and `unit`. */
const NUMBER_TYPES: readonly FieldType[] = ['number', 'integer'];

/** The most fields one category has, and options one field offers. */
export const MAX_FIELDS = 30;
export const MAX_OPTIONS = 50;

/**
 * A field's key: its name in `extra`, in files (`x_<key>`) and in filters (`f.<key>`), so
 * lower-case letters, digits and `_`, beginning with a letter. Never renamed once data exists.
 */
export const FieldKey = z
  .string()
  .regex(/^[a-z][a-z0-9_]{0,39}$/, 'Use 1–40 lower-case letters, digits or _, beginning with a letter');

/** An option's stored value: lower-case letters, digits, `_` or `-` (OpenStreetMap values fit). */
export const OptionValue = z
  .string()
  .regex(/^[a-z0-9][a-z0-9_-]{0,39}$/, 'Use 1–40 lower-case letters, digits, _ or -');

/** An OpenStreetMap key such as `access`, `indoor` or `drinking_water:refill`. */
const OsmKey = z.string().regex(/^[a-z][a-z0-9_:.-]{0,59}$/, 'Expected an OpenStreetMap key');

const Label = localizedInput(
  text({ kind: 'name', min: 1, max: 60 }),
  'Give a label in at least one language',
);
const Help = localizedInput(text({ kind: 'prose', max: 300 }));

export const FieldOption = z.object({
  value: OptionValue,
  label: Label,
  /** No longer offered to new values; places that have it keep it ("no longer offered"). */
  retired: z.boolean().optional(),
});
export type FieldOption = z.output<typeof FieldOption>;

/** The definition of one field, as a category answer carries it and `PATCH` sends it. */
const FieldDefinitionShape = z.object({
  key: FieldKey,
  type: FieldType,
  label: Label,
  help: Help.optional(),
  required: z.boolean().optional(),
  /** `enum` and `multi_enum` only: the values one may choose, in display order. */
  options: z.array(FieldOption).min(1).max(MAX_OPTIONS).optional(),
  /** `number` and `integer` only: the least and greatest value, and the unit shown after it. */
  min: z.number().optional(),
  max: z.number().optional(),
  unit: text({ kind: 'name', min: 1, max: 12 }).optional(),
  /** Offered in the map's and the search's filter panel (`f.<key>`): FILTERABLE_TYPES only. */
  filterable: z.boolean().optional(),
  /** The OpenStreetMap tag it maps to: the import's column guesser knows it. */
  osmKey: OsmKey.optional(),
});

/** The checks across one definition's parts, which zod's object cannot express alone. */
function checkDefinition(field: z.output<typeof FieldDefinitionShape>, ctx: z.RefinementCtx) {
  const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  const hasOptions = OPTION_TYPES.includes(field.type);
  if (hasOptions && !field.options) issue('options', 'A choice field needs at least one option');
  if (!hasOptions && field.options) issue('options', 'Only choice fields have options');
  const values = new Set<string>();
  for (const option of field.options ?? []) {
    if (values.has(option.value)) issue('options', `The option “${option.value}” is given twice`);
    values.add(option.value);
  }
  const isNumber = NUMBER_TYPES.includes(field.type);
  for (const part of ['min', 'max', 'unit'] as const) {
    if (!isNumber && field[part] !== undefined)
      issue(part, 'Only number fields have a minimum, maximum or unit');
  }
  if (field.min !== undefined && field.max !== undefined && field.min > field.max) {
    issue('max', 'The maximum must not be less than the minimum');
  }
  if (field.filterable && !(FILTERABLE_TYPES as readonly FieldType[]).includes(field.type)) {
    issue('filterable', 'Only yes/no, choice, number and date fields can be filtered on');
  }
}

export const CategoryField = FieldDefinitionShape.superRefine(checkDefinition);
export type CategoryField = z.output<typeof CategoryField>;

/** A category's fields as `PATCH` sends them: at most MAX_FIELDS, each key once. */
export const CategoryFields = z
  .array(CategoryField)
  .max(MAX_FIELDS)
  .superRefine((fields, ctx) => {
    const keys = new Set<string>();
    fields.forEach((field, index) => {
      if (keys.has(field.key)) {
        ctx.addIssue({
          code: 'custom',
          path: [index, 'key'],
          message: `The key “${field.key}” is used twice`,
        });
      }
      keys.add(field.key);
    });
  });

/**
 * One field's value in `extra`: text, a number, yes/no, an option, several options, an ISO date
 * (`2026-05-01`), an address or a phone number. `null` in an edit clears it.
 */
export const ExtraValue = z.union([
  z.string().max(10_000),
  z.number(),
  z.boolean(),
  z.array(z.string().max(100)).max(MAX_OPTIONS),
]);
export type ExtraValue = z.infer<typeof ExtraValue>;

/** A place's values by field key, as every answer with the place's details carries it. */
export const Extra = z.record(FieldKey, ExtraValue);
export type Extra = z.infer<typeof Extra>;

/** `extra` as a client sends it: any values, checked against the category's fields by `extraIssues`. */
export const ExtraInput = z
  .record(z.string().max(100), ExtraValue.nullable())
  .refine((extra) => Object.keys(extra).length <= MAX_FIELDS * 2, {
    message: `Give at most ${MAX_FIELDS * 2} values`,
  });
export type ExtraInput = z.infer<typeof ExtraInput>;
