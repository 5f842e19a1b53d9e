import { type CategoryField, checkExtra, type Extra, type FieldIssue } from '@karta/contracts';
import type { PlaceProblem, PlaceProblems } from './validate-place-form.ts';

/** The prefix of a category field's path, in the form and in the server's details (`extra.indoor`). */
const EXTRA = 'extra.';

/** The key of a path `extra.<key>`, or null for any other path. */
export function extraKeyOfPath(path: string): string | null {
  return path.startsWith(EXTRA) && path.length > EXTRA.length ? path.slice(EXTRA.length) : null;
}

/** What "not valid" means for a value of `field`, in the words of the form's other fields. */
function invalidProblem(field: CategoryField | undefined): PlaceProblem {
  switch (field?.type) {
    case 'number':
      return { code: 'number' };
    case 'integer':
      return { code: 'wholeNumber' };
    case 'url':
      return { code: 'website' };
    case 'phone':
      return { code: 'phone' };
    case 'date':
      return { code: 'date' };
    case 'enum':
    case 'multi_enum':
      return { code: 'notAnOption' };
    default:
      return { code: 'refused' };
  }
}

/** A number of an issue's `params`, if it has it. */
const param = (issue: Pick<FieldIssue, 'params'>, name: string) =>
  typeof issue.params?.[name] === 'number' ? issue.params[name] : undefined;

/**
 * One issue of the values rule (`checkExtra`, the server's too) as the form's problem, translated
 * under `placeEditor.problems` beside the field's widget. The same for the browser's own check
 * and for a server's 400, so both read alike.
 */
export function extraProblem(
  field: CategoryField | undefined,
  issue: Pick<FieldIssue, 'code' | 'params'>,
): PlaceProblem {
  switch (issue.code) {
    case 'required':
      if (field?.type === 'multi_enum') return { code: 'chooseSome' };
      return field?.type === 'boolean' || field?.type === 'enum'
        ? { code: 'chooseOne' }
        : { code: 'required' };
    case 'too_small': {
      const min = param(issue, 'minimum') ?? field?.min;
      return min === undefined ? invalidProblem(field) : { code: 'tooSmall', params: { min } };
    }
    case 'too_large': {
      const max = param(issue, 'maximum') ?? field?.max;
      return max === undefined ? invalidProblem(field) : { code: 'tooLarge', params: { max } };
    }
    case 'too_long': {
      const max = param(issue, 'maximum');
      return max === undefined ? { code: 'refused' } : { code: 'tooLong', params: { max } };
    }
    case 'invalid_characters':
      return { code: 'invalidCharacters' };
    case 'not_an_option':
      return { code: 'notAnOption' };
    case 'retired_option':
      return { code: 'retiredOption' };
    case 'invalid':
      return invalidProblem(field);
    default:
      return { code: 'refused' };
  }
}

/**
 * The problems of a form's category values: `checkExtra` (the one rule, the server's), each at
 * `extra.<key>`. `previous` is what the place held before the edit: a retired option it had may
 * stay. Without `fields` (the category not known yet) nothing is judged: the server still is.
 */
export function extraProblems(
  fields: readonly CategoryField[] | undefined,
  extra: Readonly<Extra>,
  previous: Readonly<Extra> = {},
): PlaceProblems {
  if (!fields) return {};
  const problems: PlaceProblems = {};
  const byKey = new Map(fields.map((field) => [field.key, field]));
  for (const issue of checkExtra(fields, extra, previous).issues) {
    const key = extraKeyOfPath(issue.path);
    // A key the category lacks has no widget to show it at: the form drops such values instead.
    if (key === null || !byKey.has(key) || problems[`extra.${key}`]) continue;
    problems[`extra.${key}`] = extraProblem(byKey.get(key), issue);
  }
  return problems;
}
