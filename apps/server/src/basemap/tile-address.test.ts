import { describe, expect, it } from 'vitest';
import { parseTileAddress } from './tile-address.ts';

describe('parseTileAddress', () => {
  it('reads z/x/y.mvt within the zoom', () => {
    expect(parseTileAddress('0', '0', '0.mvt')).toEqual({ z: 0, x: 0, y: 0 });
    expect(parseTileAddress('12', '2233', '1456.mvt')).toEqual({ z: 12, x: 2233, y: 1456 });
    expect(parseTileAddress('30', String(2 ** 30 - 1), `${2 ** 30 - 1}.mvt`)).toEqual({
      z: 30,
      x: 2 ** 30 - 1,
      y: 2 ** 30 - 1,
    });
  });

  it('says what is wrong with any other address', () => {
    expect(parseTileAddress('1', '0', '0.png')).toBe('A tile is asked for as {z}/{x}/{y}.mvt');
    for (const [z, x, y] of [
      ['a', '0', '0'],
      ['1', '-1', '0'],
      ['1', '0', '0.5'],
      ['1', '+1', '0'],
      ['1', '', '0'],
      ['1', '0x1', '0'],
    ]) {
      expect(parseTileAddress(z ?? '', x ?? '', `${y}.mvt`)).toBe('z, x and y must be whole numbers');
    }
    expect(parseTileAddress('31', '0', '0.mvt')).toBe('z must be at most 30');
    expect(parseTileAddress('1', '2', '0.mvt')).toBe('x and y must be below 2 at zoom 1');
    expect(parseTileAddress('0', '0', '1.mvt')).toBe('x and y must be below 1 at zoom 0');
  });
});
