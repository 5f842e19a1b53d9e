import { ApiError } from '@karta/api-client';
import { CategoryFields, FieldIssue } from '@karta/contracts';
import { definitionsOf, type FieldDraft, hasOptions, isNumberType, numberOf } from './field-drafts.ts';

/** What is wrong with a part of a field, as a key under `categories.fields.problems`. */
export type FieldProblemCode =
  | 'keyRequired'
  | 'keyFormat'
  | 'keyTaken'
  | 'keyOtherType'
  | 'typeInUse'
  | 'labelRequired'
  | 'tooLong'
  | 'optionsRequired'
  | 'optionInUse'
  | 'valueRequired'
  | 'valueFormat'
  | 'valueTaken'
  | 'notANumber'
  | 'maxBelowMin'
  | 'osmKeyFormat'
  | 'notFilterable'
  | 'invalidCharacters'
  | 'unsupportedLanguage'
  | 'invalid';

export interface FieldProblem {
  code: FieldProblemCode;
  /** Its numbers: `max` characters, `count` places. */
  params?: Record<string, number>;
}

/** The parts of a field a problem can be shown beside, and of an option. */
export type FieldPart =
  | 'key'
  | 'type'
  | 'label'
  | 'help'
  | 'required'
  | 'filterable'
  | 'options'
  | 'min'
  | 'max'
  | 'unit'
  | 'osmKey'
  | 'field';
export type OptionPart = 'value' | 'label';

const FIELD_PARTS: readonly FieldPart[] = [
  'key',
  'type',
  'label',
  'help',
  'required',
  'filterable',
  'options',
  'min',
  'max',
  'unit',
  'osmKey',
];

/**
 * Problems by where they show: `<field uid>:<part>`, or `<field uid>:<option uid>:<part>`. By the
 * drafts' own names rather than their positions, so a problem stays beside its field when the
 * fields are reordered.
 */
export type FieldProblems = Record<string, FieldProblem>;

export function placeOf(fieldUid: string, part: FieldPart): string;
export function placeOf(fieldUid: string, optionUid: string, part: OptionPart): string;
export function placeOf(fieldUid: string, partOrOption: string, optionPart?: OptionPart): string {
  return optionPart ? `${fieldUid}:${partOrOption}:${optionPart}` : `${fieldUid}:${partOrOption}`;
}

/** Whether any problem is about the field `uid` (so its card opens to show it). */
export function fieldHasProblems(problems: FieldProblems, uid: string): boolean {
  return Object.keys(problems).some((place) => place.startsWith(`${uid}:`));
}

const KEY = /^[a-z][a-z0-9_]{0,39}$/;
const OPTION_VALUE = /^[a-z0-9][a-z0-9_-]{0,39}$/;
const OSM_KEY = /^[a-z][a-z0-9_:.-]{0,59}$/;
const LABEL_MAX = 60;
const HELP_MAX = 300;
const UNIT_MAX = 12;

/** The problem of a text given per language: none given (when one is needed), or one too long. */
function textProblem(
  text: Readonly<Record<string, string>>,
  max: number,
  required: boolean,
): FieldProblem | undefined {
  const values = Object.values(text).map((value) => value.trim());
  if (required && values.every((value) => value === '')) return { code: 'labelRequired' };
  if (values.some((value) => value.length > max)) return { code: 'tooLong', params: { max } };
  return undefined;
}

/**
 * The problems the browser can see before sending, beside the part they are about (the server
 * checks again, and `serverFieldProblems` places what it finds the same way). Anything the
 * contract's own schema refuses that these checks missed is placed as `invalid`.
 */
export function checkFieldDrafts(drafts: readonly FieldDraft[]): FieldProblems {
  const problems: FieldProblems = {};
  const put = (place: string, problem: FieldProblem | undefined) => {
    if (problem && !problems[place]) problems[place] = problem;
  };
  const keys = new Set<string>();
  for (const draft of drafts) {
    const key = draft.key.trim();
    if (key === '') put(placeOf(draft.uid, 'key'), { code: 'keyRequired' });
    else if (!KEY.test(key)) put(placeOf(draft.uid, 'key'), { code: 'keyFormat' });
    else if (keys.has(key)) put(placeOf(draft.uid, 'key'), { code: 'keyTaken' });
    keys.add(key);
    put(placeOf(draft.uid, 'label'), textProblem(draft.labels, LABEL_MAX, true));
    put(placeOf(draft.uid, 'help'), textProblem(draft.help, HELP_MAX, false));

    if (hasOptions(draft.type)) {
      if (draft.options.length === 0) put(placeOf(draft.uid, 'options'), { code: 'optionsRequired' });
      const values = new Set<string>();
      for (const option of draft.options) {
        const value = option.value.trim();
        const at = (part: OptionPart) => placeOf(draft.uid, option.uid, part);
        if (value === '') put(at('value'), { code: 'valueRequired' });
        else if (!OPTION_VALUE.test(value)) put(at('value'), { code: 'valueFormat' });
        else if (values.has(value)) put(at('value'), { code: 'valueTaken' });
        values.add(value);
        put(at('label'), textProblem(option.labels, LABEL_MAX, true));
      }
    }

    if (isNumberType(draft.type)) {
      const min = numberOf(draft.min);
      const max = numberOf(draft.max);
      if (Number.isNaN(min)) put(placeOf(draft.uid, 'min'), { code: 'notANumber' });
      if (Number.isNaN(max)) put(placeOf(draft.uid, 'max'), { code: 'notANumber' });
      if (min !== undefined && max !== undefined && min > max) {
        put(placeOf(draft.uid, 'max'), { code: 'maxBelowMin' });
      }
      if (draft.unit.trim().length > UNIT_MAX) {
        put(placeOf(draft.uid, 'unit'), { code: 'tooLong', params: { max: UNIT_MAX } });
      }
    }
    const osmKey = draft.osmKey.trim();
    if (osmKey !== '' && !OSM_KEY.test(osmKey)) put(placeOf(draft.uid, 'osmKey'), { code: 'osmKeyFormat' });
  }

  if (Object.keys(problems).length === 0) {
    const checked = CategoryFields.safeParse(definitionsOf(drafts));
    if (!checked.success) {
      for (const issue of checked.error.issues) {
        const place = placeOfPath(issue.path.map(String), drafts);
        put(place ?? placeOf(drafts[0]?.uid ?? '', 'field'), { code: 'invalid' });
      }
    }
  }
  return problems;
}

/**
 * Where a path into the sent `fields` points (`['0', 'options', '1', 'label', 'en']`): the part of
 * the draft sent at that position; null for one the editor has nothing beside.
 */
function placeOfPath(path: readonly string[], sent: readonly FieldDraft[]): string | null {
  const [index, part, optionIndex, optionPart] = path;
  const draft = sent[Number(index)];
  if (!draft || index === undefined || !/^\d+$/.test(index)) return null;
  if (part === 'options' && optionIndex !== undefined && /^\d+$/.test(optionIndex)) {
    const option = draft.options[Number(optionIndex)];
    if (option && (optionPart === 'value' || optionPart === 'label')) {
      return placeOf(draft.uid, option.uid, optionPart);
    }
    return placeOf(draft.uid, 'options');
  }
  const known = FIELD_PARTS.find((candidate) => candidate === part);
  return placeOf(draft.uid, known ?? 'field');
}

/** A server's issue in words the editor has: by its code, else by the part it is about. */
function problemOfIssue(issue: FieldIssue, path: readonly string[]): FieldProblem {
  const part = path[1] === 'options' && path.length > 3 ? path[3] : path[1];
  switch (issue.code) {
    case 'too_long': {
      const max = issue.params?.maximum;
      return max === undefined ? { code: 'invalid' } : { code: 'tooLong', params: { max } };
    }
    case 'invalid_characters':
      return { code: 'invalidCharacters' };
    case 'unsupported_language':
      return { code: 'unsupportedLanguage' };
    case 'required':
      return part === 'options' ? { code: 'optionsRequired' } : { code: 'labelRequired' };
    default:
      break;
  }
  // Beyond the form's own checks, a type is refused only for another category's use of the key.
  if (part === 'type') return { code: 'keyOtherType' };
  if (part === 'key') return { code: 'keyFormat' };
  if (part === 'value') return { code: 'valueFormat' };
  if (part === 'osmKey') return { code: 'osmKeyFormat' };
  if (part === 'filterable') return { code: 'notFilterable' };
  return { code: 'invalid' };
}

/** The path inside `fields` of a server path (`fields.2.type` → `['2', 'type']`); null for another. */
function pathInFields(path: string): string[] | null {
  const parts = path.split('.');
  return parts[0] === 'fields' && parts.length > 1 ? parts.slice(1) : null;
}

/**
 * The problems a server's refusal finds in the fields sent (`sent`, in the order sent): a 400's
 * issues at `fields.<i>.<part>`, and a 409 `conflict` for a change that would lose saved values
 * (a type changed, or an option left out, that places hold), with how many places hold them.
 * `unplaced` is true when something in the refusal is about the fields but has no place beside
 * one (then the form says so in words of its own).
 */
export function serverFieldProblems(
  error: unknown,
  sent: readonly FieldDraft[],
): { problems: FieldProblems; unplaced: boolean } {
  const problems: FieldProblems = {};
  if (!(error instanceof ApiError)) return { problems, unplaced: false };
  if (error.code === 'conflict') {
    const details = (error.details ?? {}) as { path?: unknown; places?: unknown };
    const path = typeof details.path === 'string' ? pathInFields(details.path) : null;
    if (!path) return { problems, unplaced: false };
    const place = placeOfPath(path, sent);
    if (!place) return { problems, unplaced: true };
    const count = typeof details.places === 'number' ? details.places : 0;
    problems[place] = { code: path[1] === 'type' ? 'typeInUse' : 'optionInUse', params: { count } };
    return { problems, unplaced: false };
  }
  if (error.code !== 'validation_error' || !Array.isArray(error.details))
    return { problems, unplaced: false };
  let unplaced = false;
  for (const detail of error.details) {
    const issue = FieldIssue.safeParse(detail);
    const path = issue.success ? pathInFields(issue.data.path) : null;
    if (!issue.success || !path) {
      // `fields` itself (too many) is the form's to say; other paths are other parts' of the form.
      if (issue.success && issue.data.path === 'fields') unplaced = true;
      continue;
    }
    const place = placeOfPath(path, sent);
    if (!place) {
      unplaced = true;
      continue;
    }
    problems[place] ??= problemOfIssue(issue.data, path);
  }
  return { problems, unplaced };
}
