import {
  fieldValue,
  formLanguages,
  type PlaceField,
  type PlaceFormValues,
} from '../../../lib/places/place-form-values.ts';

/**
 * One line of the merge screen: a field, or fields that only make sense together (a position's
 * latitude and longitude), as the user left them and as the place is now.
 */
export interface MergeRow {
  id: string;
  fields: PlaceField[];
  /**
   * The user changed it, and so did someone else, to something other: they choose. Otherwise the
   * user's side is taken (only they changed it, or both made the same change).
   */
  differs: boolean;
}

/** The category field keys either form holds a value of (a draft's from before fields: none). */
const extraKeys = (...forms: PlaceFormValues[]) => [
  ...new Set(forms.flatMap((values) => Object.keys(values.extra ?? {}))),
];

/**
 * The place's fields in the form's order, a position's two coordinates as one, then the category's
 * values of `keys`, one line each.
 */
function groups(values: PlaceFormValues, keys: readonly string[]): { id: string; fields: PlaceField[] }[] {
  const languages = formLanguages(values);
  return [
    { id: 'position', fields: ['lat', 'lng'] },
    { id: 'radius', fields: ['radius'] },
    { id: 'locationPrivacy', fields: ['locationPrivacy'] },
    { id: 'categoryId', fields: ['categoryId'] },
    ...languages.map((language) => ({ id: `name.${language}`, fields: [`name.${language}` as PlaceField] })),
    ...languages.map((language) => ({
      id: `description.${language}`,
      fields: [`description.${language}` as PlaceField],
    })),
    ...(['address', 'phone', 'email', 'website', 'openingHours'] as const).map((field) => ({
      id: field,
      fields: [field],
    })),
    ...keys.map((key) => ({ id: `extra.${key}`, fields: [`extra.${key}` as PlaceField] })),
  ];
}

const same = (a: PlaceFormValues, b: PlaceFormValues, fields: PlaceField[]) =>
  fields.every((field) => fieldValue(a, field).trim() === fieldValue(b, field).trim());

/** The lines of an edit the user made (draft's `base` → `values`), against the place as it is now. */
export function mergeRows(base: PlaceFormValues, mine: PlaceFormValues, now: PlaceFormValues): MergeRow[] {
  return groups(mine, extraKeys(base, mine))
    .filter(({ fields }) => !same(base, mine, fields))
    .map(({ id, fields }) => ({ id, fields, differs: !same(mine, now, fields) && !same(base, now, fields) }));
}

/** The place as it is now with the user's side taken on the lines in `keepMine`. */
export function mergedValues(
  now: PlaceFormValues,
  mine: PlaceFormValues,
  rows: readonly MergeRow[],
  keepMine: ReadonlySet<string>,
): PlaceFormValues {
  const merged: PlaceFormValues = {
    ...now,
    name: { ...now.name },
    description: { ...now.description },
    extra: { ...now.extra },
  };
  for (const row of rows) {
    if (!keepMine.has(row.id)) continue;
    for (const field of row.fields) {
      const [group, language] = field.split('.') as [keyof PlaceFormValues, string | undefined];
      if (group === 'extra') {
        // The value as it is (a number, yes or no, a list), or none where the user cleared it.
        const value = mine.extra?.[language as string];
        if (value === undefined) delete merged.extra[language as string];
        else merged.extra[language as string] = value;
        continue;
      }
      const value = fieldValue(mine, field);
      if (language) (merged[group] as Record<string, string>)[language] = value;
      else (merged as unknown as Record<string, string>)[group] = value;
    }
  }
  return merged;
}
