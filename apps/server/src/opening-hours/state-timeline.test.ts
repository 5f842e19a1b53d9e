import { describe, expect, it } from 'vitest';
import { hoursKeyOf, placeOpenState } from './open-state.ts';
import { type StateStretch, stateTimelines } from './state-timeline.ts';

const MINUTE_MS = 60 * 1000;
const at = (iso: string) => Date.parse(iso);
/** Zagreb's main square: sun times there. */
const ZAGREB = { lat: 45.813, lng: 15.977 };
/** The default deployment's settings: Zagreb's time, Croatia's public holidays. */
const HOURS = { timeZone: 'Europe/Zagreb', country: 'hr' };

/**
 * The stretches of `key` from `from` to `to`, checked against placeOpenState itself: at every
 * stretch's start and the millisecond either side of it, at every change it names and around it,
 * and at odd instants all through (every 23 minutes and a bit).
 */
function checkedTimeline(key: string, from: number, to: number): StateStretch[] {
  const stretches = new Map(stateTimelines([key], from, to, HOURS)).get(key) ?? [];
  expect(stretches[0]?.from).toBe(from);
  const instants: number[] = [];
  for (const { from: start, state } of stretches) {
    instants.push(start - 1, start, start + 1);
    if (state.nextChange) instants.push(at(state.nextChange) - 1, at(state.nextChange));
  }
  for (let instant = from; instant < to; instant += 23 * MINUTE_MS + 1717) instants.push(instant);
  for (const instant of instants.filter((i) => i >= from && i < to)) {
    const stretch = stretches.findLast((s) => s.from <= instant);
    expect(stretch?.state, `${key} at ${new Date(instant).toISOString()}`).toEqual(
      placeOpenState(key, HOURS, new Date(instant)),
    );
  }
  // Each stretch says something the one before did not.
  stretches.slice(1).forEach((stretch, i) => {
    expect(stretch.state).not.toEqual(stretches[i]?.state);
  });
  return stretches;
}

describe('stateTimelines', () => {
  it('follows a week of weekday hours, a public holiday named on a closed day included', () => {
    const stretches = checkedTimeline(
      'Mo-Fr 08:00-16:00; Sa 09:00-12:00; PH off',
      at('2026-12-20T10:00Z'),
      at('2026-12-27T10:00Z'),
    );
    // Christmas (Friday) only names the holiday: the state still changes on Monday.
    const christmas = stretches.find((stretch) => stretch.state.comment === 'Božić');
    expect(christmas).toMatchObject({
      from: at('2026-12-24T23:00Z'),
      state: { state: 'closed', nextChange: '2026-12-28T07:00:00.000Z' },
    });
    expect(stretches.filter((stretch) => stretch.state.state === 'open')).toHaveLength(4);
  });

  it('keeps the answers across both daylight-saving changes, for wall-clock and sun hours', () => {
    const weeks = [
      [at('2027-03-24T12:00Z'), at('2027-03-31T12:00Z')],
      [at('2026-10-21T12:00Z'), at('2026-10-28T12:00Z')],
    ] as const;
    for (const [from, to] of weeks) {
      checkedTimeline('Mo-Su 08:00-16:00', from, to);
      // Changes inside the hour the clocks skip or repeat.
      checkedTimeline('Mo-Su 02:30-03:30', from, to);
      checkedTimeline(hoursKeyOf('sunrise-sunset', ZAGREB.lat, ZAGREB.lng) as string, from, to);
      checkedTimeline(
        hoursKeyOf('Mo-Fr sunrise-12:00; Sa (sunset-01:00)-22:00', ZAGREB.lat, ZAGREB.lng) as string,
        from,
        to,
      );
    }
  });

  it('names the comments and unknown states of the hours, and open ends', () => {
    const from = at('2026-11-27T07:00Z');
    const to = at('2026-12-04T07:00Z');
    const stretches = checkedTimeline(
      'Mo-Su 09:00-17:00 unknown "by appointment"; Sa off "closed on Saturdays"',
      from,
      to,
    );
    expect(stretches.map((stretch) => stretch.state.comment)).toContain('closed on Saturdays');
    expect(stretches.map((stretch) => stretch.state.state)).toContain('unknown');
    checkedTimeline('Mo-Fr 18:00+', from, to);
    checkedTimeline('24/7', from, to);
  });

  it('is unknown all week for hours that do not read', () => {
    const from = at('2026-11-27T07:00Z');
    const [only, ...rest] = checkedTimeline('no such hours', from, from + 7 * 24 * 60 * MINUTE_MS);
    expect(only?.state).toEqual({ state: 'unknown', nextChange: null, until: null, comment: null });
    expect(rest).toEqual([]);
  });

  it('gives a change more than a year ahead from the instant the server would name it', () => {
    const from = at('2026-11-27T00:00Z');
    const stretches = checkedTimeline('2027 Nov 30 10:00-12:00', from, from + 7 * 24 * 60 * MINUTE_MS);
    expect(stretches.map(({ state }) => state.nextChange)).toEqual([null, '2027-11-30T09:00:00.000Z']);
    // The server's look-ahead is a year (366 days) from the instant it is asked at.
    expect(stretches[1]?.from).toBe(at('2027-11-30T09:00Z') - 366 * 24 * 60 * MINUTE_MS + 1);
  });

  it('evaluates each key apart', () => {
    const from = at('2026-11-27T07:00Z');
    const timelines = new Map(stateTimelines(['24/7', 'Sa 10:00-13:00'], from, from + 60 * MINUTE_MS, HOURS));
    expect(timelines.get('24/7')).toEqual([{ from, state: placeOpenState('24/7', HOURS, new Date(from)) }]);
    expect(timelines.get('Sa 10:00-13:00')?.[0]?.state.state).toBe('closed');
  });
});
