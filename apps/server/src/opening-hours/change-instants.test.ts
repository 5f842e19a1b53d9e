import { describe, expect, it } from 'vitest';
import { changeInstants } from './change-instants.ts';
import { readingOffsets } from './open-state.ts';

const at = (iso: string) => Date.parse(iso);
const HOUR_MS = 60 * 60 * 1000;

describe('changeInstants', () => {
  it('finds each change to the millisecond, two within an hour too', () => {
    const steps = [at('2026-11-27T10:17:03.251Z'), at('2026-11-27T10:40:00.000Z'), at('2026-11-28T00:00Z')];
    const valueAt = (instant: number) => String(steps.filter((step) => step <= instant).length);
    expect(changeInstants(valueAt, at('2026-11-27T00:00Z'), at('2026-11-29T00:00Z'))).toEqual(steps);
    // A change at `from` is none within; one at `to` comes after.
    expect(changeInstants(valueAt, steps[0] as number, steps[1] as number)).toEqual([]);
    expect(changeInstants(() => 'same', 0, 24 * HOUR_MS)).toEqual([]);
  });

  it("finds both offsets' changes at Zagreb's daylight-saving switches, and none in between", () => {
    const offsets = (instant: number) => readingOffsets(new Date(instant), 'Europe/Zagreb');
    // The wall clock's at 01:00 UTC; the one sun times are moved by, reading 01:xx as Zagreb's
    // time, an hour later.
    expect(changeInstants(offsets, at('2026-10-20T00:00Z'), at('2026-11-01T00:00Z'))).toEqual([
      at('2026-10-25T01:00Z'),
      at('2026-10-25T02:00Z'),
    ]);
    expect(changeInstants(offsets, at('2027-03-27T00:30:12.345Z'), at('2027-03-29T00:00Z'))).toEqual([
      at('2027-03-28T01:00Z'),
      at('2027-03-28T02:00Z'),
    ]);
    expect(changeInstants(offsets, at('2026-11-27T07:00Z'), at('2026-12-04T07:00Z'))).toEqual([]);
  });
});
