import { describe, expect, it } from 'vitest';
import type { HoursContext } from './open-state.ts';
import { previewHours, weekOf } from './week.ts';

const ZAGREB: HoursContext = { timeZone: 'Europe/Zagreb', country: 'hr', lat: 45.81, lng: 15.98 };
const open = (week: ReturnType<typeof weekOf>) =>
  week.map((day) => [day.date, day.intervals.map((i) => `${i.from}-${i.to}`).join(','), day.comment]);

describe('weekOf', () => {
  it('gives the seven days from today in the site’s time, holidays closed with their names', () => {
    // Wednesday 23 December 2026, 23:30 in Zagreb (22:30 UTC): still the 23rd there.
    const week = weekOf(
      'Mo-Fr 08:00-16:00; Sa 09:00-12:00; PH off',
      new Date('2026-12-23T22:30:00Z'),
      ZAGREB,
    );
    expect(open(week)).toEqual([
      ['2026-12-23', '08:00-16:00', null],
      ['2026-12-24', '08:00-16:00', null],
      ['2026-12-25', '', 'Božić'],
      ['2026-12-26', '', 'Sveti Stjepan'],
      ['2026-12-27', '', null],
      ['2026-12-28', '08:00-16:00', null],
      ['2026-12-29', '08:00-16:00', null],
    ]);
  });

  it('cuts a night at midnight, and keeps the hours through a change to summer time', () => {
    const nights = weekOf('Fr 22:00-02:00', new Date('2026-11-27T09:00:00Z'), ZAGREB);
    expect(open(nights).slice(0, 2)).toEqual([
      ['2026-11-27', '22:00-24:00', null],
      ['2026-11-28', '00:00-02:00', null],
    ]);
    // Sunday 29 March 2026 has 23 hours in Zagreb; the shop still opens at 08:00.
    const spring = weekOf('Mo-Su 08:00-16:00', new Date('2026-03-28T12:00:00Z'), ZAGREB);
    expect(
      open(spring)
        .slice(0, 3)
        .map(([, hours]) => hours),
    ).toEqual(['08:00-16:00', '08:00-16:00', '08:00-16:00']);
  });
});

describe('previewHours', () => {
  it('gives the library’s error and no week for text that does not read, its advice for text that does', () => {
    const broken = previewHours('Mo-Fr 25:00', new Date('2026-11-25T10:00:00Z'), ZAGREB, { locale: 'en' });
    expect(broken.error).toMatch(/<---/);
    expect(broken.week).toEqual([]);
    const advised = previewHours('Mon-Fri 08:00-16:00', new Date('2026-11-25T10:00:00Z'), ZAGREB, {
      locale: 'en',
    });
    expect(advised.error).toBeNull();
    expect(advised.warnings.join(' ')).toMatch(/"Mo"/);
    expect(advised.week[0]?.intervals).toEqual([
      { from: '08:00', to: '16:00', unknown: false, comment: null },
    ]);
  });
});
