import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor } from './cursor.ts';

describe('page cursor', () => {
  it('round-trips a distance exactly, and an id-only cursor', () => {
    for (const cursor of [
      { distance: 1234.567890123456, id: 42 },
      { distance: 0, id: 1 },
      { distance: null, id: 999_999 },
      { rank: 2, distance: 15.25, id: 7 },
      { rank: 0, distance: null, id: 8 },
    ]) {
      expect(decodeCursor(encodeCursor(cursor))).toEqual(cursor);
    }
  });

  it('rejects anything that is not one of ours', () => {
    const bad = [
      '',
      'not base64!',
      Buffer.from('{"d":1}').toString('base64url'),
      Buffer.from('{"d":-1,"i":1}').toString('base64url'),
      Buffer.from('{"d":1,"i":1.5}').toString('base64url'),
      Buffer.from('{"r":-1,"d":1,"i":1}').toString('base64url'),
      Buffer.from('[]').toString('base64url'),
      Buffer.from('nope').toString('base64url'),
      'a'.repeat(201),
      'abc\u0000',
    ];
    for (const text of bad) expect(decodeCursor(text)).toBeUndefined();
  });
});
