import { describe, expect, it } from 'vitest';
import { OpenHoursTracker } from './open-hours-tracker.ts';

const at = (local: string) => new Date(local).getTime();

describe('OpenHoursTracker', () => {
  it('numbers keys, knows which are open, and moves them only at their next change', () => {
    const hours = new OpenHoursTracker({ timeZone: 'Europe/Zagreb', country: 'hr' });
    const start = at('2026-11-25T07:59+01:00');
    const weekdays = hours.idOf('Mo-Fr 08:00-16:00; PH off', start) as number;
    const always = hours.idOf('24/7', start) as number;
    expect(hours.idOf('Mo-Fr 08:00-16:00; PH off', start)).toBe(weekdays);
    expect(hours.idOf(null, start)).toBeUndefined();
    expect([...hours.open]).toEqual([always]);
    expect(hours.takeChange()).toBe(true);
    expect(hours.takeChange()).toBe(false);

    // The next change is the weekday opening, a minute away; a year-long state is looked at hourly.
    expect(hours.waitFrom(start)).toBe(60_000);
    hours.advance(start + 30_000);
    expect(hours.takeChange()).toBe(false);
    hours.advance(start + 60_000);
    expect(hours.takeChange()).toBe(true);
    expect([...hours.open].sort()).toEqual([weekdays, always].sort());
    expect(hours.waitFrom(start + 60_000)).toBe(60 * 60 * 1000);

    // Christmas is a public holiday: the weekday key stays closed all day.
    hours.advance(at('2026-12-25T10:00+01:00'));
    expect([...hours.open]).toEqual([always]);
  });
});
