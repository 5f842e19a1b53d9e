import { MapQuery } from '@karta/contracts';
import { describe, expect, it } from 'vitest';
import { requestQuery } from './request-query.ts';

const read = (query: string) => requestQuery(new URLSearchParams(query));

describe('a request’s query read as the server reads it', () => {
  it('groups f.<key>, f.<key>.min and f.<key>.max into f, and repeated parameters into lists', () => {
    expect(read('zoom=3&f.indoor=true&f.level.min=1&f.access=yes&f.access=private')).toEqual({
      zoom: '3',
      f: { indoor: 'true', 'level.min': '1', access: ['yes', 'private'] },
    });
    expect(read('category=a&category=b')).toEqual({ category: ['a', 'b'] });
    expect(read('q=a+b%2Cc')).toEqual({ q: 'a b,c' });
    expect(read('')).toEqual({});
  });

  it('gives the contract what it checks: the filters in one order, a bad name refused', () => {
    const view = 'bbox=15.9,45.7,16.1,45.9&zoom=12';
    expect(MapQuery.parse(read(`${view}&f.level.max=3&f.access=private,yes&f.access=customers`)).f).toEqual([
      { key: 'access', values: ['private', 'yes', 'customers'] },
      { key: 'level', values: [], max: '3' },
    ]);
    expect(MapQuery.safeParse(read(`${view}&f.Bad=1`)).success).toBe(false);
    // `__proto__` is a name like any other, an own key, not a way to an object's prototype.
    const proto = read('f.__proto__=1&f.constructor=2').f as object;
    expect(Object.keys(proto)).toEqual(['__proto__', 'constructor']);
    expect(Object.getPrototypeOf(proto)).toBeNull();
    // A parameter given twice that takes one value is refused, as on the server.
    expect(MapQuery.safeParse(read(`${view}&zoom=13`)).success).toBe(false);
  });
});
