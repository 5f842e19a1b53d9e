import { describe, expect, it } from 'vitest';
import { CategoryField, CategoryFields } from './category-fields.ts';
import { checkExtra, isIsoDate } from './extra-values.ts';

const fields = CategoryFields.parse([
  { key: 'note', type: 'text', label: { en: 'Note' } },
  { key: 'story', type: 'longtext', label: { en: 'Story' } },
  { key: 'level', type: 'integer', label: { en: 'Floor' }, min: -2, max: 10 },
  { key: 'height', type: 'number', label: { en: 'Height' }, unit: 'm' },
  { key: 'indoor', type: 'boolean', label: { en: 'Indoor' }, required: true },
  {
    key: 'access',
    type: 'enum',
    label: { en: 'Access' },
    options: [
      { value: 'yes', label: { en: 'Public' } },
      { value: 'private', label: { en: 'Private' }, retired: true },
    ],
  },
  {
    key: 'languages',
    type: 'multi_enum',
    label: { en: 'Languages' },
    options: ['hr', 'en', 'uk'].map((value) => ({ value, label: { en: value } })),
  },
  { key: 'since', type: 'date', label: { en: 'Since' } },
  { key: 'site', type: 'url', label: { en: 'Site' } },
  { key: 'phone', type: 'phone', label: { en: 'Phone' } },
]);

const issueOf = (extra: Record<string, unknown>, previous = {}) =>
  checkExtra(fields, { indoor: true, ...extra }, previous).issues[0];

describe('checkExtra', () => {
  it('keeps valid values normalised and leaves out empty ones', () => {
    const { values, issues } = checkExtra(fields, {
      note: '  Ring  ',
      story: 'Line one\r\nline two',
      level: -1,
      height: 2.5,
      indoor: false,
      access: 'yes',
      languages: ['uk', 'hr', 'uk'],
      since: '2024-02-29',
      site: 'https://example.org/aed',
      phone: '+385 1 234 5678',
    });
    expect(issues).toEqual([]);
    expect(values).toEqual({
      note: 'Ring',
      story: 'Line one\nline two',
      level: -1,
      height: 2.5,
      indoor: false,
      access: 'yes',
      languages: ['hr', 'uk'],
      since: '2024-02-29',
      site: 'https://example.org/aed',
      phone: '+385 1 234 5678',
    });
    expect(checkExtra(fields, { indoor: true, note: '', languages: [], level: null }).values).toEqual({
      indoor: true,
    });
  });

  it('names the key and a code for each refusal', () => {
    expect(issueOf({ wheelchair: 'yes' })).toMatchObject({ path: 'extra.wheelchair', code: 'unknown_field' });
    expect(issueOf({ level: 1.5 })).toMatchObject({ path: 'extra.level', code: 'invalid' });
    expect(issueOf({ level: '1' })).toMatchObject({ path: 'extra.level', code: 'invalid' });
    expect(issueOf({ level: 11 })).toMatchObject({ code: 'too_large', params: { maximum: 10 } });
    expect(issueOf({ level: -3 })).toMatchObject({ code: 'too_small', params: { minimum: -2 } });
    expect(issueOf({ height: Number.NaN })).toMatchObject({ path: 'extra.height', code: 'invalid' });
    expect(issueOf({ access: 'everyone' })).toMatchObject({ path: 'extra.access', code: 'not_an_option' });
    expect(issueOf({ access: 'private' })).toMatchObject({ path: 'extra.access', code: 'retired_option' });
    expect(issueOf({ languages: 'hr' })).toMatchObject({ path: 'extra.languages', code: 'invalid' });
    expect(issueOf({ since: '2023-02-29' })).toMatchObject({ path: 'extra.since', code: 'invalid' });
    expect(issueOf({ site: 'ftp://example.org' })).toMatchObject({ path: 'extra.site' });
    expect(issueOf({ phone: 'call me' })).toMatchObject({ path: 'extra.phone' });
    expect(issueOf({ note: 'a\u0000b' })).toMatchObject({ path: 'extra.note', code: 'invalid_characters' });
    expect(issueOf({ note: 'x'.repeat(201) })).toMatchObject({ path: 'extra.note', code: 'too_long' });
    expect(checkExtra(fields, {}).issues).toEqual([
      { path: 'extra.indoor', code: 'required', message: 'Required' },
    ]);
  });

  it('takes back a retired option the place already had, alone or among others', () => {
    expect(issueOf({ access: 'private' }, { access: 'private' })).toBeUndefined();
  });

  it('knows real calendar dates only', () => {
    expect(isIsoDate('2026-11-28')).toBe(true);
    expect(isIsoDate('2026-02-30')).toBe(false);
    expect(isIsoDate('2026-1-1')).toBe(false);
  });
});

describe('CategoryField', () => {
  it('refuses parts that do not belong to the type', () => {
    const bad = (field: object) =>
      CategoryField.safeParse({ key: 'k', label: { en: 'K' }, ...field }).success;
    expect(bad({ type: 'text', filterable: true })).toBe(false);
    expect(bad({ type: 'enum' })).toBe(false);
    expect(bad({ type: 'boolean', options: [{ value: 'a', label: { en: 'A' } }] })).toBe(false);
    expect(bad({ type: 'text', unit: 'm' })).toBe(false);
    expect(bad({ type: 'number', min: 2, max: 1 })).toBe(false);
    expect(
      bad({
        type: 'enum',
        options: [
          { value: 'a', label: { en: 'A' } },
          { value: 'a', label: { en: 'B' } },
        ],
      }),
    ).toBe(false);
    expect(bad({ type: 'date', filterable: true, osmKey: 'check_date' })).toBe(true);
  });
});
