import { ApiError } from '@karta/api-client';
import { describe, expect, it } from 'vitest';
import {
  emptyPlaceForm,
  type PlaceFormValues,
  placeFormValues,
  placePatchOf,
} from '../../../lib/places/place-form-values.ts';
import { listedPlace } from '../../../testing/fixtures.ts';
import { fieldProblem, formProblems, serverProblems } from './validate-place-form.ts';

const valid = (overrides: Partial<PlaceFormValues> = {}): PlaceFormValues => ({
  ...emptyPlaceForm(['hr', 'en']),
  categoryId: '1',
  name: { hr: 'Ljekarna', en: '' },
  lat: '45.8',
  lng: '16',
  ...overrides,
});

describe('place form validation (the contracts’ rules)', () => {
  it('accepts a place with a category, one name and a position', () => {
    expect(formProblems(valid())).toEqual({});
  });

  it('asks for a name in at least one language, and for a category and position', () => {
    const problems = formProblems({ ...emptyPlaceForm(['hr', 'en']) });
    expect(problems['name.hr']).toEqual({ code: 'nameRequired' });
    expect(problems['name.en']).toEqual({ code: 'nameRequired' });
    expect(problems.categoryId).toEqual({ code: 'categoryRequired' });
    expect(problems.lat).toEqual({ code: 'required' });
  });

  it('reads numbers as typed, with a decimal comma, and checks their ranges', () => {
    expect(fieldProblem(valid({ lat: '45,81' }), 'lat')).toBeUndefined();
    expect(fieldProblem(valid({ lat: 'north' }), 'lat')).toEqual({ code: 'notANumber' });
    expect(fieldProblem(valid({ lat: '91' }), 'lat')).toEqual({
      code: 'outOfRange',
      params: { min: -90, max: 90 },
    });
    expect(fieldProblem(valid({ radius: '0' }), 'radius')).toEqual({
      code: 'outOfRange',
      params: { min: 1, max: 100_000 },
    });
    expect(fieldProblem(valid({ radius: '' }), 'radius')).toBeUndefined();
  });

  it('refuses what the server refuses in a name: control and invisible characters', () => {
    expect(fieldProblem(valid({ name: { hr: 'Ljek\u202earna', en: '' } }), 'name.hr')).toEqual({
      code: 'invalidCharacters',
    });
    expect(fieldProblem(valid({ name: { hr: 'Ljekarna', en: 'Phar\u200bmacy' } }), 'name.en')).toEqual({
      code: 'invalidCharacters',
    });
  });

  it('checks lengths, phone, e-mail and website by the server’s schema', () => {
    expect(fieldProblem(valid({ name: { hr: 'x'.repeat(121), en: '' } }), 'name.hr')).toEqual({
      code: 'tooLong',
      params: { max: 120 },
    });
    expect(fieldProblem(valid({ address: 'a'.repeat(201) }), 'address')).toMatchObject({ code: 'tooLong' });
    expect(fieldProblem(valid({ phone: 'call me' }), 'phone')).toEqual({ code: 'phone' });
    expect(fieldProblem(valid({ phone: '+385 1 234 5678' }), 'phone')).toBeUndefined();
    expect(fieldProblem(valid({ email: 'ana@' }), 'email')).toEqual({ code: 'email' });
    expect(fieldProblem(valid({ website: 'ftp://example.org' }), 'website')).toEqual({ code: 'website' });
    expect(fieldProblem(valid({ website: 'example.org' }), 'website')).toEqual({ code: 'website' });
    expect(fieldProblem(valid({ website: 'https://example.org/a' }), 'website')).toBeUndefined();
  });

  it('puts the server’s field details on the fields, never its English text', () => {
    const error = new ApiError(400, 'validation_error', 'Invalid', [
      { path: 'website', message: 'Expected an http(s) address' },
      { path: 'address', message: 'Something the form cannot tell' },
      { path: 'unknown', message: 'ignored' },
    ]);
    expect(serverProblems(error, valid({ website: 'nope' }))).toEqual({
      website: { code: 'website' },
      address: { code: 'refused' },
    });
    expect(serverProblems(new ApiError(409, 'conflict', 'Stale'), valid())).toBeNull();
  });

  it('explains opening hours the server could not read, and bounds them at 255 characters', () => {
    const error = new ApiError(400, 'validation_error', 'Invalid', [
      { path: 'openingHours', code: 'invalid_opening_hours', message: 'Mo-Fr 25:00 <---' },
    ]);
    expect(serverProblems(error, valid({ openingHours: 'Mo-Fr 25:00-26:00' }))).toEqual({
      openingHours: { code: 'openingHours' },
    });
    expect(fieldProblem(valid({ openingHours: 'Mo-Fr 08:00-16:00' }), 'openingHours')).toBeUndefined();
    expect(fieldProblem(valid({ openingHours: 'x'.repeat(256) }), 'openingHours')).toMatchObject({
      code: 'tooLong',
    });
  });
});

describe('placePatchOf', () => {
  it('sends only what changed, with the version the edit is based on', () => {
    const initial = placeFormValues(listedPlace({ radius: 300 }), ['hr', 'en']);
    const edited = { ...initial, radius: '500', website: 'https://ljekarna.example' };
    expect(placePatchOf(edited, initial, 4)).toEqual({
      version: 4,
      radius: 500,
      website: 'https://ljekarna.example',
    });
    expect(placePatchOf(initial, initial, 4)).toEqual({ version: 4 });
  });
});
