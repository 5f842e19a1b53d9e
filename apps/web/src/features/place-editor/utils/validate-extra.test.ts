import { ApiError } from '@karta/api-client';
import { CategoryFields } from '@karta/contracts';
import { describe, expect, it } from 'vitest';
import { emptyPlaceForm } from '../../../lib/places/place-form-values.ts';
import { extraProblems } from './validate-extra.ts';
import { serverProblems } from './validate-place-form.ts';

const fields = CategoryFields.parse([
  {
    key: 'access',
    type: 'enum',
    label: { en: 'Access' },
    options: [
      { value: 'yes', label: { en: 'Public' } },
      { value: 'private', label: { en: 'Private' }, retired: true },
    ],
  },
  { key: 'indoor', type: 'boolean', label: { en: 'Indoor' }, required: true },
  { key: 'level', type: 'integer', label: { en: 'Floor' }, min: -5, max: 60 },
  { key: 'height', type: 'number', label: { en: 'Height' } },
  {
    key: 'languages',
    type: 'multi_enum',
    label: { en: 'Languages' },
    required: true,
    options: [{ value: 'hr', label: { en: 'Croatian' } }],
  },
  { key: 'note', type: 'text', label: { en: 'Note' } },
  { key: 'since', type: 'date', label: { en: 'Since' } },
  { key: 'booking', type: 'url', label: { en: 'Booking' } },
  { key: 'hotline', type: 'phone', label: { en: 'Hotline' } },
]);

describe('the category values’ problems, by the values rule', () => {
  it('names each problem at its field, in the form’s words', () => {
    expect(
      extraProblems(fields, {
        access: 'nope',
        level: 100,
        height: 'tall',
        note: 'x'.repeat(201),
        since: '2026-02-30',
        booking: 'example.org',
        hotline: 'call me',
      }),
    ).toEqual({
      'extra.access': { code: 'notAnOption' },
      'extra.indoor': { code: 'chooseOne' },
      'extra.level': { code: 'tooLarge', params: { max: 60 } },
      'extra.height': { code: 'number' },
      'extra.languages': { code: 'chooseSome' },
      'extra.note': { code: 'tooLong', params: { max: 200 } },
      'extra.since': { code: 'date' },
      'extra.booking': { code: 'website' },
      'extra.hotline': { code: 'phone' },
    });
    expect(extraProblems(fields, { indoor: true, languages: ['hr'], level: 1.5 })).toEqual({
      'extra.level': { code: 'wholeNumber' },
    });
    expect(extraProblems(fields, { indoor: true, languages: ['hr'], level: -6 })).toEqual({
      'extra.level': { code: 'tooSmall', params: { min: -5 } },
    });
  });

  it('refuses a retired option to a new value, and takes it where the place had it', () => {
    const filled = { indoor: false, languages: ['hr'], access: 'private' };
    expect(extraProblems(fields, filled)).toEqual({ 'extra.access': { code: 'retiredOption' } });
    expect(extraProblems(fields, filled, { access: 'private' })).toEqual({});
  });

  it('judges nothing while the category’s fields are not known, and no key the category lacks', () => {
    expect(extraProblems(undefined, { level: 100 })).toEqual({});
    expect(extraProblems(fields, { indoor: true, languages: ['hr'], gone: 1 })).toEqual({});
  });

  it('puts the server’s refusal at extra.<key> on that field, read by its code', () => {
    const error = new ApiError(400, 'validation_error', 'Invalid', [
      { path: 'extra.level', code: 'too_large', message: 'Use at most 60', params: { maximum: 60 } },
      { path: 'extra.gone', code: 'unknown_field', message: 'No such field' },
    ]);
    expect(serverProblems(error, emptyPlaceForm(['en']), fields)).toEqual({
      'extra.level': { code: 'tooLarge', params: { max: 60 } },
    });
  });
});
