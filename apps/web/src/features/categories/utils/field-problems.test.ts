import { ApiError } from '@karta/api-client';
import type { CategoryField } from '@karta/contracts';
import { describe, expect, it } from 'vitest';
import { draftsOf, type FieldDraft, newFieldDraft, newOptionDraft, withLabel } from './field-drafts.ts';
import { checkFieldDrafts, fieldHasProblems, placeOf, serverFieldProblems } from './field-problems.ts';

const languages = ['hr', 'en'];
const access: CategoryField = {
  key: 'access',
  type: 'enum',
  label: { en: 'Access' },
  options: [
    { value: 'yes', label: { en: 'Public' } },
    { value: 'customers', label: { en: 'Customers only' } },
  ],
};

function newField(label: string, change: Partial<FieldDraft> = {}): FieldDraft {
  return { ...withLabel(newFieldDraft(languages), 'en', label), ...change };
}

describe('checkFieldDrafts', () => {
  it('finds nothing wrong with good fields', () => {
    expect(
      checkFieldDrafts([...draftsOf([access], languages), newField('Indoor', { type: 'boolean' })]),
    ).toEqual({});
  });

  it('places each problem beside its part', () => {
    const [saved] = draftsOf([access], languages);
    if (!saved) throw new Error('no draft');
    const blank = newField('');
    const twice = newField('Access', { type: 'boolean' });
    const badKey = newField('x', { key: 'Bad key', keyTouched: true, osmKey: 'Not a key' });
    const numbers = newField('Height', { type: 'number', min: '10', max: '2', unit: 'metres above sea' });
    const nan = newField('Depth', { type: 'integer', min: 'deep' });
    const empty = newField('Kind', { type: 'multi_enum' });
    const option = { ...newOptionDraft(languages), value: 'Yes!' };
    const missing = newOptionDraft(languages);
    const sameValue = { ...saved.options[0], uid: 'copy' } as FieldDraft['options'][number];
    const withOptions = { ...saved, options: [...saved.options, option, missing, sameValue] };
    const problems = checkFieldDrafts([withOptions, blank, twice, badKey, numbers, nan, empty]);
    expect(problems).toEqual({
      [placeOf(blank.uid, 'key')]: { code: 'keyRequired' },
      [placeOf(blank.uid, 'label')]: { code: 'labelRequired' },
      [placeOf(twice.uid, 'key')]: { code: 'keyTaken' },
      [placeOf(badKey.uid, 'key')]: { code: 'keyFormat' },
      [placeOf(badKey.uid, 'osmKey')]: { code: 'osmKeyFormat' },
      [placeOf(numbers.uid, 'max')]: { code: 'maxBelowMin' },
      [placeOf(numbers.uid, 'unit')]: { code: 'tooLong', params: { max: 12 } },
      [placeOf(nan.uid, 'min')]: { code: 'notANumber' },
      [placeOf(empty.uid, 'options')]: { code: 'optionsRequired' },
      [placeOf(saved.uid, option.uid, 'value')]: { code: 'valueFormat' },
      [placeOf(saved.uid, option.uid, 'label')]: { code: 'labelRequired' },
      [placeOf(saved.uid, missing.uid, 'value')]: { code: 'valueRequired' },
      [placeOf(saved.uid, missing.uid, 'label')]: { code: 'labelRequired' },
      [placeOf(saved.uid, 'copy', 'value')]: { code: 'valueTaken' },
    });
    expect(fieldHasProblems(problems, numbers.uid)).toBe(true);
    expect(fieldHasProblems(problems, saved.uid)).toBe(true);
  });

  it('says when a label is too long', () => {
    const long = newField('Indoor', { labels: { hr: 'x'.repeat(61), en: 'Indoor' } });
    expect(checkFieldDrafts([long])).toEqual({
      [placeOf(long.uid, 'label')]: { code: 'tooLong', params: { max: 60 } },
    });
  });
});

describe('serverFieldProblems', () => {
  const sent = () => [newField('Indoor', { type: 'boolean' }), ...draftsOf([access], languages)];

  it('places a 400’s issues by the sent field and option', () => {
    const drafts = sent();
    const [indoor, choice] = drafts as [FieldDraft, FieldDraft];
    const error = new ApiError(400, 'validation_error', 'Not valid', [
      {
        path: 'fields.0.type',
        code: 'invalid',
        message: 'The field “indoor” is of type enum in the category “x”',
      },
      { path: 'fields.1.options.1.label.de', code: 'unsupported_language', message: 'hr, en only' },
      { path: 'fields.1.label.en', code: 'too_long', message: 'long', params: { maximum: 60 } },
      { path: 'name', code: 'required', message: 'Give a name' },
    ]);
    expect(serverFieldProblems(error, drafts)).toEqual({
      problems: {
        [placeOf(indoor.uid, 'type')]: { code: 'keyOtherType' },
        [placeOf(choice.uid, choice.options[1]?.uid ?? '', 'label')]: { code: 'unsupportedLanguage' },
        [placeOf(choice.uid, 'label')]: { code: 'tooLong', params: { max: 60 } },
      },
      unplaced: false,
    });
  });

  it('places a 409 for a type or a left-out option that places hold, with how many', () => {
    const drafts = sent();
    const [, choice] = drafts as [FieldDraft, FieldDraft];
    const typeChange = new ApiError(409, 'conflict', 'held', { path: 'fields.1.type', places: 12 });
    expect(serverFieldProblems(typeChange, drafts).problems).toEqual({
      [placeOf(choice.uid, 'type')]: { code: 'typeInUse', params: { count: 12 } },
    });
    const option = new ApiError(409, 'conflict', 'held', { path: 'fields.1.options', places: 1 });
    expect(serverFieldProblems(option, drafts).problems).toEqual({
      [placeOf(choice.uid, 'options')]: { code: 'optionInUse', params: { count: 1 } },
    });
  });

  it('says when the fields are refused somewhere it cannot point at', () => {
    const tooMany = new ApiError(400, 'validation_error', 'Not valid', [
      { path: 'fields', message: 'Too many' },
    ]);
    expect(serverFieldProblems(tooMany, sent())).toEqual({ problems: {}, unplaced: true });
    const beyond = new ApiError(400, 'validation_error', 'Not valid', [
      { path: 'fields.9.key', message: '?' },
    ]);
    expect(serverFieldProblems(beyond, sent()).unplaced).toBe(true);
    expect(serverFieldProblems(new ApiError(500, 'internal_error', 'x'), sent())).toEqual({
      problems: {},
      unplaced: false,
    });
  });
});
