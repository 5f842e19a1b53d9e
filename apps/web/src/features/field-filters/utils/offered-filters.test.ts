import { type CategoryField, FILTERABLE_TYPES } from '@karta/contracts';
import { describe, expect, it } from 'vitest';
import { applicableFilters, offeredFilterGroups, PANEL_TYPES } from './offered-filters.ts';

const yesNo = (key: string, en: string, hr: string): CategoryField => ({
  key,
  type: 'boolean',
  label: { en, hr },
  filterable: true,
});

const defibrillator = {
  slug: 'defibrillator',
  name: { en: 'Defibrillator', hr: 'Defibrilator' },
  fields: [
    {
      key: 'access',
      type: 'enum',
      label: { en: 'Access', hr: 'Pristup' },
      filterable: true,
      options: [
        { value: 'yes', label: { en: 'Public', hr: 'Javno' } },
        { value: 'customers', label: { en: 'Customers only', hr: 'Samo za korisnike' } },
        { value: 'private', label: { en: 'Private', hr: 'Privatno' }, retired: true },
      ],
    },
    yesNo('indoor', 'Indoor', 'U zatvorenom'),
    { key: 'level', type: 'integer', label: { en: 'Floor' }, filterable: true, min: -5, max: 60 },
    { key: 'note', type: 'text', label: { en: 'Note' } },
    { key: 'checked', type: 'date', label: { en: 'Checked' } },
  ] satisfies CategoryField[],
};
const water = {
  slug: 'drinking-water',
  name: { en: 'Drinking water', hr: 'Pitka voda' },
  fields: [yesNo('bottle', 'Bottle refill', 'Punjenje boca'), yesNo('indoor', 'Indoors', 'Unutra')],
};
const shelter = { slug: 'shelter', name: { en: 'Shelter' }, fields: [] };
const categories = [defibrillator, water, shelter];

describe('the fields the panel offers', () => {
  it('has a control for every type the API filters on, and for no other', () => {
    expect([...PANEL_TYPES].sort()).toEqual([...FILTERABLE_TYPES].sort());
  });

  it('offers a chosen category’s filterable fields in its order, labelled in the reader’s language', () => {
    const groups = offeredFilterGroups(categories, ['defibrillator'], [], 'hr', 'en');
    expect(groups).toEqual([
      {
        categorySlug: 'defibrillator',
        heading: 'Defibrilator',
        fields: [
          {
            key: 'access',
            type: 'enum',
            label: 'Pristup',
            options: [
              { value: 'yes', label: 'Javno' },
              { value: 'customers', label: 'Samo za korisnike' },
            ],
          },
          { key: 'indoor', type: 'boolean', label: 'U zatvorenom', options: [] },
          // No Croatian label: the site's language's.
          { key: 'level', type: 'integer', label: 'Floor', options: [], min: -5, max: 60 },
        ],
      },
    ]);
  });

  it('without a chosen category offers every category’s, grouped by it; a shared key once, first', () => {
    const groups = offeredFilterGroups(categories, [], [], 'en');
    expect(groups.map((group) => [group.categorySlug, group.fields.map((field) => field.key)])).toEqual([
      [null, ['indoor']],
      ['defibrillator', ['access', 'level']],
      ['drinking-water', ['bottle']],
    ]);
    // A category without filterable fields has no group.
    expect(offeredFilterGroups(categories, ['shelter'], [], 'en')).toEqual([]);
  });

  it('keeps a retired option visible only while a filter still asks for it', () => {
    const filters = [{ key: 'access', values: ['private'] }];
    const [group] = offeredFilterGroups(categories, ['defibrillator'], filters, 'en');
    expect(group?.fields[0]?.options.map((option) => option.value)).toEqual(['yes', 'customers', 'private']);
  });
});

describe('the filters that apply', () => {
  it('keeps the filters of fields the chosen categories offer, with values the field can hold', () => {
    const filters = [
      { key: 'access', values: ['yes', 'nobody'] },
      { key: 'bottle', values: ['true'] },
      { key: 'indoor', values: ['maybe'] },
      { key: 'level', values: [], min: '1', max: 'top' },
      { key: 'note', values: ['x'] },
    ];
    expect(applicableFilters(filters, categories, ['defibrillator'])).toEqual([
      { key: 'access', values: ['yes'] },
      { key: 'level', values: [], min: '1' },
    ]);
    // Every category in scope: the water's field applies too.
    expect(applicableFilters(filters, categories, []).map((filter) => filter.key)).toEqual([
      'access',
      'bottle',
      'level',
    ]);
  });

  it('keeps nothing for a category with no such fields', () => {
    expect(applicableFilters([{ key: 'indoor', values: ['true'] }], categories, ['shelter'])).toEqual([]);
  });
});
