import { describe, expect, it } from 'vitest';
import { endOfLocalDay, latestExpiry } from './note-expiry.ts';

describe('endOfLocalDay', () => {
  it('is the next local midnight in the site’s time zone', () => {
    // 23:30 in Zagreb (UTC+1 in winter) is 22:30 UTC: the day ends 30 minutes later.
    expect(endOfLocalDay(new Date('2026-11-29T22:30:00Z'), 'Europe/Zagreb').toISOString()).toBe(
      '2026-11-29T23:00:00.000Z',
    );
    // 00:10 local is already the next day: it ends almost 24 hours later.
    expect(endOfLocalDay(new Date('2026-11-29T23:10:00Z'), 'Europe/Zagreb').toISOString()).toBe(
      '2026-11-30T23:00:00.000Z',
    );
  });

  it('follows daylight saving: a day of 23 hours in March and of 25 in October', () => {
    // 29 March 2026: clocks go forward at 02:00; the day ends at 22:00 UTC (UTC+2).
    expect(endOfLocalDay(new Date('2026-03-29T08:00:00Z'), 'Europe/Zagreb').toISOString()).toBe(
      '2026-03-29T22:00:00.000Z',
    );
    // 25 October 2026: clocks go back at 03:00; the day ends at 23:00 UTC (UTC+1).
    expect(endOfLocalDay(new Date('2026-10-25T01:30:00Z'), 'Europe/Zagreb').toISOString()).toBe(
      '2026-10-25T23:00:00.000Z',
    );
  });

  it('reads other time zones the same way', () => {
    expect(endOfLocalDay(new Date('2026-06-01T12:00:00Z'), 'America/New_York').toISOString()).toBe(
      '2026-06-02T04:00:00.000Z',
    );
  });
});

describe('latestExpiry', () => {
  it('is seven days ahead', () => {
    expect(latestExpiry(new Date('2026-11-29T10:00:00Z')).toISOString()).toBe('2026-12-06T10:00:00.000Z');
  });
});
