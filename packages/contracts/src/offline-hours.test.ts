import { describe, expect, it } from 'vitest';
import { OfflineHours, OfflineHoursWeek, UNKNOWN_OPEN_STATE } from './offline-hours.ts';

const at = (iso: string) => Date.parse(iso);

/** A pharmacy's week as a pack gives it, from Thursday evening: the usual nextChange left out. */
const pharmacy = OfflineHours.parse({
  places: [3, 8],
  stretches: [
    { from: '2026-11-26T18:30:00.000Z', state: 'open' },
    { from: '2026-11-26T19:00:00.000Z', state: 'closed' },
    { from: '2026-11-27T06:00:00.000Z', state: 'open', nextChange: '2026-11-27T19:00:00.000Z' },
    {
      from: '2026-11-27T12:00:00.000Z',
      state: 'open',
      comment: 'lunch at the counter',
      nextChange: '2026-11-27T19:00:00.000Z',
    },
    { from: '2026-11-27T13:00:00.000Z', state: 'open', nextChange: '2026-11-27T19:00:00.000Z' },
    { from: '2026-11-27T19:00:00.000Z', state: 'unknown', comment: 'by appointment', nextChange: null },
  ],
});
const HORIZON = at('2026-12-03T18:30:00.000Z');

describe('OfflineHoursWeek', () => {
  const week = new OfflineHoursWeek(pharmacy.stretches, HORIZON);

  it('gives the state of the stretch begun last, its change the next stretch unless it names one', () => {
    expect(week.stateAt(at('2026-11-26T18:30:00.000Z'))).toEqual({
      state: 'open',
      nextChange: '2026-11-26T19:00:00.000Z',
      until: '2026-11-26T19:00:00.000Z',
      comment: null,
    });
    expect(week.stateAt(at('2026-11-26T18:59:59.999Z')).state).toBe('open');
    expect(week.stateAt(at('2026-11-26T19:00:00.000Z'))).toEqual({
      state: 'closed',
      nextChange: '2026-11-27T06:00:00.000Z',
      until: null,
      comment: null,
    });
    // A comment-only change keeps the state's own change.
    expect(week.stateAt(at('2026-11-27T12:30:00.000Z'))).toEqual({
      state: 'open',
      nextChange: '2026-11-27T19:00:00.000Z',
      until: '2026-11-27T19:00:00.000Z',
      comment: 'lunch at the counter',
    });
    // The last stretch lasts until the horizon, and says no change is coming.
    expect(week.stateAt(HORIZON - 1)).toEqual({
      state: 'unknown',
      nextChange: null,
      until: null,
      comment: 'by appointment',
    });
  });

  it('counts only `open` as open', () => {
    expect(week.isOpenAt(at('2026-11-27T07:00:00.000Z'))).toBe(true);
    expect(week.isOpenAt(at('2026-11-27T20:00:00.000Z'))).toBe(false);
    expect(week.isOpenAt(at('2026-11-27T03:00:00.000Z'))).toBe(false);
  });

  it('knows nothing before the pack was saved or from its horizon on', () => {
    expect(week.covers(at('2026-11-26T18:29:59.999Z'))).toBe(false);
    expect(week.stateAt(at('2026-11-26T18:29:59.999Z'))).toEqual(UNKNOWN_OPEN_STATE);
    expect(week.covers(HORIZON)).toBe(false);
    expect(week.stateAt(HORIZON)).toEqual(UNKNOWN_OPEN_STATE);
    expect(week.isOpenAt(HORIZON + 60_000)).toBe(false);
  });

  it('refuses a group without places or stretches', () => {
    expect(OfflineHours.safeParse({ places: [], stretches: pharmacy.stretches }).success).toBe(false);
    expect(OfflineHours.safeParse({ places: [1], stretches: [] }).success).toBe(false);
  });
});
