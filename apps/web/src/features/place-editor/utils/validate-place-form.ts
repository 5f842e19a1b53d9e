import { ApiError } from '@karta/api-client';
import { type CategoryField, PlaceInput } from '@karta/contracts';
import {
  fieldValue,
  formLanguages,
  type PlaceField,
  type PlaceFormValues,
  type PlaceLanguage,
  parseNumber,
} from '../../../lib/places/place-form-values.ts';
import { extraKeyOfPath, extraProblem } from './validate-extra.ts';

/** Why a field is not acceptable: a translation key under `placeEditor.problems` and its numbers. */
export interface PlaceProblem {
  code:
    | 'required'
    | 'categoryRequired'
    | 'nameRequired'
    | 'tooLong'
    | 'notANumber'
    | 'outOfRange'
    | 'phone'
    | 'email'
    | 'website'
    | 'openingHours'
    | 'hoursTime'
    | 'invalidCharacters'
    | 'refused'
    // The category's own fields (see validate-extra.ts).
    | 'number'
    | 'wholeNumber'
    | 'tooSmall'
    | 'tooLarge'
    | 'date'
    | 'chooseOne'
    | 'chooseSome'
    | 'notAnOption'
    | 'retiredOption';
  params?: Record<string, number>;
}

export type PlaceProblems = Partial<Record<PlaceField, PlaceProblem>>;

const shape = PlaceInput.shape;

/**
 * The first issue's problem, read from a zod result of the contracts' schema: zod's own `too_big`,
 * or the code a contract check names in its `params` (see the contracts' `text`).
 */
function schemaProblem(
  result: { success: true } | { success: false; error: { issues: readonly { code: string }[] } },
  otherwise: PlaceProblem['code'],
): PlaceProblem | undefined {
  if (result.success) return undefined;
  const issue = result.error.issues[0] as
    | { code: string; maximum?: unknown; params?: { code?: unknown; maximum?: unknown } }
    | undefined;
  const maximum = issue?.code === 'too_big' ? issue.maximum : issue?.params?.maximum;
  if ((issue?.code === 'too_big' || issue?.params?.code === 'too_long') && typeof maximum === 'number')
    return { code: 'tooLong', params: { max: maximum } };
  if (issue?.params?.code === 'invalid_characters') return { code: 'invalidCharacters' };
  return { code: otherwise };
}

function numberProblem(text: string, min: number, max: number, required: boolean): PlaceProblem | undefined {
  if (text.trim() === '') return required ? { code: 'required' } : undefined;
  const value = parseNumber(text);
  if (value === null) return { code: 'notANumber' };
  if (value < min || value > max) return { code: 'outOfRange', params: { min, max } };
  return undefined;
}

/** One field's problem, by the same rules as the server (the contracts' schema). */
export function fieldProblem(values: PlaceFormValues, field: PlaceField): PlaceProblem | undefined {
  const text = fieldValue(values, field);
  const [group, language] = field.split('.') as [string, PlaceLanguage | undefined];
  switch (group) {
    case 'categoryId':
      return text === '' ? { code: 'categoryRequired' } : undefined;
    case 'name': {
      if (text.trim() === '') {
        const anyName = Object.values(values.name).some((name) => name.trim() !== '');
        return anyName ? undefined : { code: 'nameRequired' };
      }
      return schemaProblem(shape.name.safeParse({ [language as string]: text }), 'required');
    }
    case 'description':
      return schemaProblem(shape.description.safeParse({ [language as string]: text }), 'tooLong');
    case 'lat':
      return numberProblem(text, -90, 90, true);
    case 'lng':
      return numberProblem(text, -180, 180, true);
    case 'radius':
      return numberProblem(text, 1, 100_000, false);
    case 'address':
      return schemaProblem(shape.address.safeParse(text), 'tooLong');
    case 'phone':
      return text.trim() === '' ? undefined : schemaProblem(shape.phone.safeParse(text), 'phone');
    case 'email':
      return text.trim() === '' ? undefined : schemaProblem(shape.email.safeParse(text.trim()), 'email');
    case 'website':
      return text.trim() === '' ? undefined : schemaProblem(shape.website.safeParse(text), 'website');
    case 'openingHours':
      // The syntax is opening_hours.js's to judge, on the server; here only the length.
      return schemaProblem(shape.openingHours.safeParse(text), 'tooLong');
    default:
      return undefined;
  }
}

/** Every field in the order the form shows them (the first invalid one gets focus on submit). */
export function placeFields(values: PlaceFormValues): PlaceField[] {
  const languages = formLanguages(values);
  return [
    'lat',
    'lng',
    'radius',
    'categoryId',
    ...languages.map((l) => `name.${l}` as const),
    ...languages.map((l) => `description.${l}` as const),
    'address',
    'phone',
    'email',
    'website',
    'openingHours',
    'locationPrivacy',
  ];
}

/** Every problem of the form. */
export function formProblems(values: PlaceFormValues): PlaceProblems {
  const problems: PlaceProblems = {};
  for (const field of placeFields(values)) {
    const problem = fieldProblem(values, field);
    if (problem) problems[field] = problem;
  }
  return problems;
}

/**
 * The server's `validation_error` details put onto the fields: our own reading of the value where
 * we can tell what is wrong, else a plain "not accepted" (its English message is never shown). A
 * category field's (`extra.<key>`) lands on its widget, read by its code as the browser's own check
 * reads it; `categoryFields` are the fields the form shows.
 */
export function serverProblems(
  error: unknown,
  values: PlaceFormValues,
  categoryFields: readonly CategoryField[] = [],
): PlaceProblems | null {
  if (!(error instanceof ApiError) || error.code !== 'validation_error' || !Array.isArray(error.details))
    return null;
  const problems: PlaceProblems = {};
  const fields: readonly string[] = placeFields(values);
  for (const detail of error.details as { path?: unknown; code?: unknown; params?: unknown }[]) {
    const path = typeof detail?.path === 'string' ? detail.path : '';
    const key = extraKeyOfPath(path);
    const field = key === null ? undefined : categoryFields.find((candidate) => candidate.key === key);
    if (key !== null && field) {
      const params = typeof detail.params === 'object' && detail.params !== null ? detail.params : undefined;
      problems[`extra.${key}`] ??= extraProblem(field, {
        code: typeof detail.code === 'string' ? (detail.code as never) : undefined,
        params: params as Record<string, number> | undefined,
      });
      continue;
    }
    const placeField = fields.includes(path)
      ? (path as PlaceField)
      : path === 'name' || path === 'description'
        ? (`${path}.${formLanguages(values)[0]}` as const)
        : null;
    if (!placeField || problems[placeField]) continue;
    problems[placeField] =
      detail.code === 'invalid_opening_hours'
        ? { code: 'openingHours' }
        : (fieldProblem(values, placeField) ?? { code: 'refused' });
  }
  return Object.keys(problems).length > 0 ? problems : null;
}
