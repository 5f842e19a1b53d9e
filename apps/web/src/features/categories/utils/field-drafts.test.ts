import { type CategoryField, CategoryFields } from '@karta/contracts';
import { describe, expect, it } from 'vitest';
import {
  definitionsOf,
  draftsOf,
  keyFrom,
  moved,
  newFieldDraft,
  newOptionDraft,
  optionValueFrom,
  sameFields,
  withLabel,
  withOptionLabel,
} from './field-drafts.ts';

const languages = ['hr', 'en'];

const access: CategoryField = {
  key: 'access',
  type: 'enum',
  label: { en: 'Access', hr: 'Pristup' },
  help: { en: 'Who may use it.' },
  filterable: true,
  osmKey: 'access',
  options: [
    { value: 'yes', label: { en: 'Public', hr: 'Javno' } },
    { value: 'private', label: { en: 'Private' }, retired: true },
  ],
};
const level: CategoryField = { key: 'level', type: 'integer', label: { en: 'Floor' }, min: -5, max: 60 };

describe('field drafts', () => {
  it('suggests a key and an option value from a label', () => {
    expect(keyFrom('Indoor')).toBe('indoor');
    expect(keyFrom('Pristup za osobe u kolicima')).toBe('pristup_za_osobe_u_kolicima');
    expect(keyFrom('Dežurna ljekarna — danas!')).toBe('dezurna_ljekarna_danas');
    expect(keyFrom('24 h')).toBe('f_24_h');
    expect(keyFrom('   ')).toBe('');
    expect(keyFrom('a'.repeat(60))).toHaveLength(40);
    expect(optionValueFrom('Customers only')).toBe('customers_only');
    expect(optionValueFrom('24/7')).toBe('24_7');
  });

  it('lets the key follow the English label until it is typed or saved', () => {
    let draft = newFieldDraft(languages);
    draft = withLabel(draft, 'hr', 'U zatvorenom');
    expect(draft.key).toBe('u_zatvorenom');
    draft = withLabel(draft, 'en', 'Indoor');
    expect(draft.key).toBe('indoor');
    draft = withLabel({ ...draft, key: 'inside', keyTouched: true }, 'en', 'Indoors');
    expect(draft.key).toBe('inside');
    const [saved] = draftsOf([access], languages);
    expect(saved && withLabel(saved, 'en', 'Who may come').key).toBe('access');
  });

  it('lets an option’s value follow its label until it is typed or saved', () => {
    const option = withOptionLabel(newOptionDraft(languages), 'en', 'Customers only');
    expect(option.value).toBe('customers_only');
    const saved = draftsOf([access], languages)[0]?.options[0];
    expect(saved && withOptionLabel(saved, 'en', 'Everyone').value).toBe('yes');
  });

  it('sends back what it was given, untouched, and nothing of another type', () => {
    const drafts = draftsOf([access, level], languages);
    expect(definitionsOf(drafts)).toEqual([access, level]);
    expect(sameFields(definitionsOf(drafts), [access, level])).toBe(true);

    // A choice made a number keeps its options for later, but sends none of them.
    const [first] = drafts;
    if (!first) throw new Error('no draft');
    const changed = definitionsOf([{ ...first, type: 'number', min: '1,5', unit: ' m ' }]);
    expect(changed).toEqual([
      {
        key: 'access',
        type: 'number',
        label: access.label,
        help: access.help,
        min: 1.5,
        unit: 'm',
        filterable: true,
        osmKey: 'access',
      },
    ]);
    expect(CategoryFields.safeParse(changed).success).toBe(true);
    // Text is not filterable: the box checked for a choice is not sent with it.
    expect(definitionsOf([{ ...first, type: 'text' }])[0]).not.toHaveProperty('filterable');
  });

  it('sends only the languages filled in, trimmed', () => {
    const draft = withLabel(withLabel(newFieldDraft(languages), 'hr', '  '), 'en', ' Indoor ');
    expect(definitionsOf([{ ...draft, type: 'boolean' }])).toEqual([
      { key: 'indoor', type: 'boolean', label: { en: 'Indoor' } },
    ]);
  });

  it('tells a real change from the same definitions written another way', () => {
    expect(sameFields([{ ...level, required: false }], [level])).toBe(true);
    expect(sameFields([level, access], [access, level])).toBe(false);
    expect(sameFields([{ ...level, max: 61 }], [level])).toBe(false);
  });

  it('moves an item one place, never past either end', () => {
    expect(moved(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moved(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moved(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moved(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
  });
});
