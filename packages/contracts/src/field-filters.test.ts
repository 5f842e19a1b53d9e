import { describe, expect, it } from 'vitest';
import { CategoryFields } from './category-fields.ts';
import { FieldFiltersParam, filterableFields, formatFieldFilters, typedFilters } from './field-filters.ts';

const categories = [
  {
    fields: CategoryFields.parse([
      { key: 'indoor', type: 'boolean', label: { en: 'Indoor' }, filterable: true },
      {
        key: 'access',
        type: 'enum',
        label: { en: 'Access' },
        filterable: true,
        options: [
          { value: 'yes', label: { en: 'Public' } },
          { value: 'private', label: { en: 'Private' }, retired: true },
        ],
      },
      { key: 'level', type: 'integer', label: { en: 'Floor' }, filterable: true },
      { key: 'since', type: 'date', label: { en: 'Since' }, filterable: true },
      { key: 'note', type: 'text', label: { en: 'Note' } },
    ]),
  },
  {
    fields: CategoryFields.parse([
      {
        key: 'access',
        type: 'enum',
        label: { en: 'Access' },
        filterable: true,
        options: [{ value: 'customers', label: { en: 'Customers' } }],
      },
    ]),
  },
];

describe('FieldFiltersParam', () => {
  it('groups values and bounds by key, in key order, any of repeated or comma-separated values', () => {
    expect(
      FieldFiltersParam.parse({ level: '1', 'level.min': '0', access: ['yes', 'private,yes'], indoor: '' }),
    ).toEqual([
      { key: 'access', values: ['yes', 'private'] },
      { key: 'level', values: ['1'], min: '0' },
    ]);
  });

  it('refuses names that are not field keys and too many fields', () => {
    expect(FieldFiltersParam.safeParse({ 'Level.min': '1' }).success).toBe(false);
    expect(FieldFiltersParam.safeParse({ 'level.avg': '1' }).success).toBe(false);
    expect(FieldFiltersParam.safeParse({ 'level.min': ['1', '2'] }).success).toBe(false);
    const many = Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`k${i}`, 'x']));
    expect(FieldFiltersParam.safeParse(many).success).toBe(false);
  });

  it('writes filters back as the parameters it reads', () => {
    const filters = [
      { key: 'access', values: ['yes', 'private'] },
      { key: 'level', values: [], min: '-1', max: '3' },
    ];
    const wire = formatFieldFilters(filters);
    expect(wire).toEqual({ 'f.access': 'yes,private', 'f.level.min': '-1', 'f.level.max': '3' });
    const grouped = Object.fromEntries(Object.entries(wire).map(([name, value]) => [name.slice(2), value]));
    expect(FieldFiltersParam.parse(grouped)).toEqual(filters);
  });
});

describe('typedFilters', () => {
  const fields = filterableFields(categories);

  it('offers the filterable fields only, with every category’s options of a shared key', () => {
    expect([...fields.keys()].sort()).toEqual(['access', 'indoor', 'level', 'since']);
    expect(fields.get('access')?.options?.map((option) => option.value)).toEqual([
      'yes',
      'private',
      'customers',
    ]);
  });

  it('reads values in stored terms: yes/no as text, numbers, dates as days', () => {
    const { filters, issues } = typedFilters(
      FieldFiltersParam.parse({ indoor: 'true', access: 'private', level: '2', 'since.min': '1970-01-11' }),
      fields,
    );
    expect(issues).toEqual([]);
    expect(filters).toEqual([
      { key: 'access', type: 'enum', anyOf: ['private'] },
      { key: 'indoor', type: 'boolean', anyOf: ['true'] },
      { key: 'level', type: 'integer', anyOf: [2] },
      { key: 'since', type: 'date', min: 10 },
    ]);
  });

  it('refuses what a field cannot hold, at f.<key>', () => {
    const paths = (raw: Record<string, string>) =>
      typedFilters(FieldFiltersParam.parse(raw), fields).issues.map((issue) => issue.path);
    expect(paths({ note: 'x' })).toEqual(['f.note']);
    expect(paths({ indoor: 'yes' })).toEqual(['f.indoor']);
    expect(paths({ access: 'everyone' })).toEqual(['f.access']);
    expect(paths({ 'indoor.min': '1' })).toEqual(['f.indoor.min']);
    expect(paths({ 'level.max': '1e3' })).toEqual(['f.level.max']);
    expect(paths({ 'since.min': '2026-13-01' })).toEqual(['f.since.min']);
  });
});
