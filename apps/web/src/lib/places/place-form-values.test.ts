import { describe, expect, it } from 'vitest';
import { listedPlace } from '../../testing/fixtures.ts';
import {
  emptyPlaceForm,
  extraForCategory,
  extraInputOf,
  fieldValue,
  type PlaceFormValues,
  placeFormValues,
  placeInputOf,
  placePatchOf,
} from './place-form-values.ts';

const place = listedPlace({ extra: { indoor: true, access: 'customers', level: 1 } });

describe('a place’s category values in the form', () => {
  it('are read from the place as they are, and written back as the API takes them', () => {
    const values = placeFormValues(place, ['hr', 'en']);
    expect(values.extra).toEqual({ indoor: true, access: 'customers', level: 1 });
    expect(placeInputOf(values).extra).toEqual({ access: 'customers', indoor: true, level: 1 });
    expect(fieldValue(values, 'extra.indoor')).toBe('true');
    expect(fieldValue(values, 'extra.none')).toBe('');
  });

  it('are sent trimmed, without empty values, keys in one order', () => {
    expect(
      extraInputOf({ note: '  Behind the door ', blank: '  ', none: [], level: 0, indoor: false }),
    ).toEqual({
      indoor: false,
      level: 0,
      note: 'Behind the door',
    });
    expect(JSON.stringify(extraInputOf({ b: 1, a: 2 }))).toBe(JSON.stringify(extraInputOf({ a: 2, b: 1 })));
  });

  it('keep only the keys a new category also has', () => {
    expect(extraForCategory({ indoor: true, level: 1 }, [{ key: 'indoor' }, { key: 'seasonal' }])).toEqual({
      indoor: true,
    });
  });

  it('are left out of an edit when unchanged, and sent whole (a cleared one absent) when one changes', () => {
    const base = placeFormValues(place, ['hr', 'en']);
    expect(
      placePatchOf({ ...base, extra: { level: 1, indoor: true, access: 'customers' } }, base, 4),
    ).toEqual({
      version: 4,
    });
    const { indoor: _cleared, ...rest } = base.extra;
    expect(placePatchOf({ ...base, extra: { ...rest, level: 2 } }, base, 4)).toEqual({
      version: 4,
      extra: { access: 'customers', level: 2 },
    });
  });

  it('are none in a form kept before categories had fields', () => {
    const { extra: _none, ...old } = emptyPlaceForm(['hr']);
    const values = { ...old, categoryId: '1', name: { hr: 'Ljekarna' } } as unknown as PlaceFormValues;
    expect(placeInputOf(values).extra).toEqual({});
    expect(fieldValue(values, 'extra.indoor')).toBe('');
  });
});
