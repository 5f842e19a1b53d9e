import { describe, expect, it } from 'vitest';
import { shownOptions, toggledChoice } from './field-options.ts';

const field = {
  options: [
    { value: 'yes', label: { en: 'Public' } },
    { value: 'customers', label: { en: 'Customers only' } },
    { value: 'private', label: { en: 'Private' }, retired: true },
  ],
};
const values = (shown: ReturnType<typeof shownOptions>) => shown.map((option) => option.value);

describe('the options a choice offers', () => {
  it('leaves out a retired option unless the place or the form holds it', () => {
    expect(values(shownOptions(field, undefined, undefined))).toEqual(['yes', 'customers']);
    expect(shownOptions(field, undefined, 'private')).toContainEqual({
      value: 'private',
      retired: true,
      unknown: false,
    });
    expect(values(shownOptions(field, ['private'], undefined))).toEqual(['yes', 'customers', 'private']);
  });

  it('shows a value that is no option last, so what is chosen is always seen', () => {
    expect(shownOptions(field, 'gone', undefined).at(-1)).toEqual({
      value: 'gone',
      retired: false,
      unknown: true,
    });
  });

  it('keeps several choices in the options’ order', () => {
    expect(toggledChoice(field, ['customers'], 'yes', true)).toEqual(['yes', 'customers']);
    expect(toggledChoice(field, ['yes', 'customers'], 'yes', false)).toEqual(['customers']);
  });
});
