import type { OpenState } from '@karta/contracts';
import { describe, expect, it } from 'vitest';
import { openFirst } from './open-first.ts';

const place = (id: number, state: OpenState['state']) => ({
  id,
  openState: { state, nextChange: null, until: null, comment: null },
});

describe('openFirst', () => {
  it('puts the open places first, then the unknown, then the closed, each in the order given', () => {
    const places = [
      place(1, 'closed'),
      place(2, 'open'),
      place(3, 'unknown'),
      place(4, 'open'),
      place(5, 'closed'),
    ];
    expect(openFirst(places).map((p) => p.id)).toEqual([2, 4, 3, 1, 5]);
    expect(places.map((p) => p.id)).toEqual([1, 2, 3, 4, 5]);
  });
});
