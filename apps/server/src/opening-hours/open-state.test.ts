import { describe, expect, it } from 'vitest';
import {
  checkOpeningHours,
  type HoursContext,
  type HoursSettings,
  isKeyOpenAt,
  openStateAt,
  openStatesAt,
  parseHoursKey,
  placeOpenState,
  UNKNOWN_STATE,
} from './open-state.ts';

/** The default deployment's settings: Zagreb's time, Croatia's public holidays. */
const ZAGREB_HOURS: HoursSettings = { timeZone: 'Europe/Zagreb', country: 'hr' };
/** Those settings at a point in Zagreb. */
const ZAGREB: HoursContext = { ...ZAGREB_HOURS, lat: 45.81, lng: 15.98 };
const WEEKDAYS = 'Mo-Fr 08:00-16:00; Sa 09:00-12:00; PH off';

/** An instant given as the wall-clock time in Zagreb and its UTC offset, e.g. `2026-11-25T10:00+01:00`. */
const at = (local: string) => new Date(local);
const state = (value: string | null, local: string, context = ZAGREB) =>
  openStateAt(value, at(local), context);

describe('openStateAt', () => {
  it('is open on a weekday, until the closing time in Zagreb', () => {
    expect(state(WEEKDAYS, '2026-11-25T10:00+01:00')).toEqual({
      state: 'open',
      nextChange: '2026-11-25T15:00:00.000Z',
      until: '2026-11-25T15:00:00.000Z',
      comment: null,
    });
    // Saturday after noon: closed until Monday 08:00.
    expect(state(WEEKDAYS, '2026-11-28T12:30+01:00')).toEqual({
      state: 'closed',
      nextChange: '2026-11-30T07:00:00.000Z',
      until: null,
      comment: null,
    });
  });

  it('keeps Croatian public holidays closed with `PH off`, naming the holiday', () => {
    // Christmas is a Friday in 2026; Easter Monday 2027 is 29 March; 22 June 2027 is a Tuesday.
    for (const [day, name] of [
      ['2026-12-25T10:00+01:00', 'Božić'],
      ['2027-03-29T10:00+02:00', 'Uskršnji ponedjeljak'],
      ['2027-06-22T10:00+02:00', 'Dan antifašističke borbe'],
    ] as const) {
      expect(state(WEEKDAYS, day), day).toMatchObject({ state: 'closed', until: null, comment: name });
    }
    // The day before Christmas is an ordinary Thursday.
    expect(state(WEEKDAYS, '2026-12-24T10:00+01:00').state).toBe('open');
    // After Christmas (Friday) and the weekend, Monday 28 December opens at 08:00 CET.
    expect(state(WEEKDAYS, '2026-12-25T10:00+01:00').nextChange).toBe('2026-12-28T07:00:00.000Z');
  });

  it('keeps the wall-clock hours across both daylight-saving changes', () => {
    const daily = 'Mo-Su 08:00-16:00';
    // Spring: the clocks go forward on Sunday 28 March 2027. Saturday closes at 16:00 CET.
    expect(state(daily, '2027-03-27T10:00+01:00').until).toBe('2027-03-27T15:00:00.000Z');
    // Saturday night: it opens on Sunday at 08:00 summer time, 06:00 UTC.
    expect(state(daily, '2027-03-27T21:00+01:00').nextChange).toBe('2027-03-28T06:00:00.000Z');
    expect(state(daily, '2027-03-28T10:00+02:00').until).toBe('2027-03-28T14:00:00.000Z');
    // Autumn: back on Sunday 25 October 2026; it opens at 08:00 winter time, 07:00 UTC.
    expect(state(daily, '2026-10-24T22:00+02:00').nextChange).toBe('2026-10-25T07:00:00.000Z');
    expect(state(daily, '2026-10-25T15:59+01:00')).toMatchObject({
      state: 'open',
      until: '2026-10-25T15:00:00.000Z',
    });
  });

  it('reads a range past midnight as running into the next day', () => {
    const night = 'Fr 22:00-02:00';
    expect(state(night, '2026-11-27T23:00+01:00')).toMatchObject({
      state: 'open',
      until: '2026-11-28T01:00:00.000Z',
    });
    expect(state(night, '2026-11-28T01:30+01:00').state).toBe('open');
    expect(state(night, '2026-11-28T02:00+01:00')).toMatchObject({
      state: 'closed',
      nextChange: '2026-12-04T21:00:00.000Z',
    });
    expect(state(night, '2026-11-27T21:59+01:00').state).toBe('closed');
  });

  it('knows always open, always closed, comments, unknown hours and none at all', () => {
    expect(state('24/7', '2026-11-25T03:00+01:00')).toEqual({
      state: 'open',
      nextChange: null,
      until: null,
      comment: null,
    });
    expect(state('off', '2026-11-25T10:00+01:00')).toEqual({
      state: 'closed',
      nextChange: null,
      until: null,
      comment: null,
    });
    expect(state('Mo-Fr 08:00-16:00 open "by appointment"', '2026-11-25T10:00+01:00')).toMatchObject({
      state: 'open',
      comment: 'by appointment',
    });
    // A comment alone does not say open or closed: OpenStreetMap reads it as unknown.
    expect(state('Mo-Fr 08:00-16:00 "by appointment"', '2026-11-25T10:00+01:00')).toMatchObject({
      state: 'unknown',
      comment: 'by appointment',
    });
    expect(state('Mo-Fr 08:00-16:00 unknown "call ahead"', '2026-11-25T10:00+01:00')).toMatchObject({
      state: 'unknown',
      until: null,
      comment: 'call ahead',
    });
    expect(state(null, '2026-11-25T10:00+01:00')).toEqual(UNKNOWN_STATE);
    expect(state('', '2026-11-25T10:00+01:00')).toEqual(UNKNOWN_STATE);
    // A value that cannot be read (only possible if the library changed since it was written).
    expect(state('Mo-Fr 25:00-26:00', '2026-11-25T10:00+01:00')).toEqual(UNKNOWN_STATE);
  });

  it('evaluates in the deployment’s time zone, whatever the instant', () => {
    const newYork = { timeZone: 'America/New_York', country: 'us', lat: 40.71, lng: -74.0 };
    // 15:30 UTC is 10:30 in New York (open) and 16:30 in Zagreb (closed).
    const instant = '2026-11-25T15:30:00Z';
    expect(openStateAt('Mo-Fr 08:00-16:00', new Date(instant), newYork)).toMatchObject({
      state: 'open',
      until: '2026-11-25T21:00:00.000Z',
    });
    expect(openStateAt('Mo-Fr 08:00-16:00', new Date(instant), ZAGREB).state).toBe('closed');
  });
});

describe('hours that follow the sun', () => {
  const minute = (iso: string | null) => iso?.slice(11, 16);

  it('rise and set at the place’s local time, in winter and in summer', () => {
    // Zagreb: sunrise about 07:10 and sunset about 16:15 (CET) in late November, 05:05 and
    // 20:45 (CEST) in late June.
    expect(state('sunrise-sunset', '2026-11-25T07:00+01:00').state).toBe('closed');
    expect(minute(state('sunrise-sunset', '2026-11-25T07:00+01:00').nextChange)).toMatch(
      /^06:(0[5-9]|1[0-5])$/,
    );
    expect(state('sunrise-sunset', '2026-11-25T07:30+01:00').state).toBe('open');
    expect(minute(state('sunrise-sunset', '2026-11-25T12:00+01:00').until)).toMatch(/^15:1\d$/);
    expect(state('sunrise-sunset', '2026-06-25T04:55+02:00').state).toBe('closed');
    expect(state('sunrise-sunset', '2026-06-25T05:15+02:00').state).toBe('open');
    expect(minute(state('sunrise-sunset', '2026-06-25T12:00+02:00').until)).toMatch(/^18:(4\d|5\d)$/);
  });

  it('are read at the point of their hours key: the same clock, another sun', () => {
    // 45.8° N, 15.9° E (Zagreb) and 45.8° N, 29.9° E, a zone further east read on Zagreb's clock.
    expect(placeOpenState('sunrise-sunset|458|159', ZAGREB_HOURS, at('2026-11-25T06:30+01:00')).state).toBe(
      'closed',
    );
    expect(placeOpenState('sunrise-sunset|458|299', ZAGREB_HOURS, at('2026-11-25T06:30+01:00')).state).toBe(
      'open',
    );
    expect(isKeyOpenAt('sunrise-sunset|458|299', at('2026-11-25T06:30+01:00'), ZAGREB_HOURS)).toBe(true);
    expect(isKeyOpenAt('sunrise-sunset|458|159', at('2026-11-25T06:30+01:00'), ZAGREB_HOURS)).toBe(false);
  });

  it('parses keys: a value that follows the sun has its cell, any other is the value', () => {
    expect(parseHoursKey('sunrise-sunset|458|-1')).toEqual({
      value: 'sunrise-sunset',
      lat: 45.85,
      lng: -0.05,
    });
    expect(parseHoursKey('Mo-Fr 08:00-16:00')).toEqual({ value: 'Mo-Fr 08:00-16:00', lat: 0, lng: 0 });
    // `|` inside a comment of a value that does not follow the sun is part of the value.
    expect(parseHoursKey('Mo 10:00-12:00 "a|1|2"').value).toBe('Mo 10:00-12:00 "a|1|2"');
  });
});

describe('placeOpenState', () => {
  it('gives, at every instant, the state read afresh then, though it keeps states between changes', () => {
    const keys = [
      WEEKDAYS,
      '24/7',
      'off',
      // A comment that changes while the place stays open (getNextChange skips it), off the quarter hour.
      'Mo-Fr 08:00-12:07 open "early"; Mo-Fr 12:07-16:00 open "late"',
      'Mo-Fr 08:00-16:00 "by appointment"',
      'sunrise-sunset|458|159',
      'Mo-Su 10:00-02:00; PH off',
    ];
    // 4 days across Europe's spring change (28 March 2027) and Easter Monday, in Zagreb and in St
    // John's, whose offset is not a whole hour, each instant 3 min 7 s after the last (so several
    // fall within each kept state's span).
    for (const settings of [ZAGREB_HOURS, { timeZone: 'America/St_Johns', country: 'ca' }]) {
      const start = at('2027-03-26T00:03:00+01:00').getTime();
      for (let time = start; time < start + 4 * 86_400_000; time += 187_000) {
        const instant = new Date(time);
        for (const key of keys) {
          const { value, lat, lng } = parseHoursKey(key);
          const fresh = openStateAt(value, instant, { ...settings, lat, lng });
          expect(placeOpenState(key, settings, instant), `${key} at ${instant.toISOString()}`).toEqual(fresh);
        }
      }
    }
  }, 30_000);

  it('reads an earlier instant afresh rather than from a state kept later', () => {
    expect(placeOpenState(WEEKDAYS, ZAGREB_HOURS, at('2026-11-25T10:00+01:00')).state).toBe('open');
    expect(placeOpenState(WEEKDAYS, ZAGREB_HOURS, at('2026-11-25T07:00+01:00')).state).toBe('closed');
    expect(placeOpenState(WEEKDAYS, ZAGREB_HOURS, at('2026-11-25T16:00+01:00')).state).toBe('closed');
    expect(placeOpenState(WEEKDAYS, ZAGREB_HOURS, at('2026-11-25T15:59:59.999+01:00')).state).toBe('open');
  });

  it('keeps a state for the same key and instant span: the same answer object, not read again', () => {
    const first = placeOpenState(WEEKDAYS, ZAGREB_HOURS, at('2026-11-26T10:00+01:00'));
    expect(placeOpenState(WEEKDAYS, ZAGREB_HOURS, at('2026-11-26T10:05+01:00'))).toBe(first);
    // Another deployment's settings read their own.
    expect(
      placeOpenState(WEEKDAYS, { timeZone: 'Asia/Tokyo', country: 'jp' }, at('2026-11-26T10:05+01:00')),
    ).not.toBe(first);
  });
});

describe('openStatesAt', () => {
  it('gives each key the state placeOpenState gives it at the read’s instant, evaluated once', () => {
    const instant = at('2026-11-25T15:59:59.900+01:00');
    const stateOf = openStatesAt(ZAGREB_HOURS, instant);
    for (const key of [WEEKDAYS, 'sunrise-sunset|458|159', 'sunrise-sunset|458|299', '24/7']) {
      expect(stateOf(key), key).toEqual(placeOpenState(key, ZAGREB_HOURS, instant));
    }
    expect(stateOf(null)).toBe(UNKNOWN_STATE);
    // The same answer object for the same key: its hours were not evaluated again.
    expect(stateOf(WEEKDAYS)).toBe(stateOf(WEEKDAYS));
    // A later read evaluates anew: a tenth of a second on, the shop has closed.
    expect(openStatesAt(ZAGREB_HOURS, at('2026-11-25T16:00:00+01:00'))(WEEKDAYS).state).toBe('closed');
    expect(stateOf(WEEKDAYS).state).toBe('open');
  });
});

describe('checkOpeningHours', () => {
  it('refuses what cannot be read, pointing at the spot', () => {
    const { error, warnings } = checkOpeningHours('Mo-Fr 25:00-26:00', ZAGREB);
    expect(error).toMatch(/25:00 <---/);
    expect(warnings).toEqual([]);
    for (const broken of ['Mo-Fr 08:00-', 'Xy 08:00-16:00', 'Mo-Fr 08:00-16:00 "unclosed']) {
      expect(checkOpeningHours(broken, ZAGREB).error, broken).not.toBeNull();
    }
  });

  it('accepts what reads, with the library’s advice for values that may not mean what was meant', () => {
    expect(checkOpeningHours(WEEKDAYS, ZAGREB)).toEqual({ error: null, warnings: [] });
    const { error, warnings } = checkOpeningHours('Mon-Fri 08:00-16:00', ZAGREB);
    expect(error).toBeNull();
    expect(warnings.join('\n')).toMatch(/"Mo"/);
  });
});
