import type { OpenState } from '@karta/contracts';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../../lib/i18n/i18n.ts';
import { testMessages } from '../../testing/messages.ts';
import { describeOpenState } from './describe-open-state.ts';
import { openStateNow } from './open-state-now.ts';

const ZAGREB = 'Europe/Zagreb';
/** Wednesday 25 November 2026, 10:00 in Zagreb. */
const WEDNESDAY_10 = Date.parse('2026-11-25T10:00:00+01:00');

function describeIn(language: string, state: OpenState, now = WEDNESDAY_10, timeZone = ZAGREB) {
  const i18n = createI18n(language, testMessages(language));
  return describeOpenState(state, now, { t: i18n.t, language, timeZone });
}

const open = (until: string): OpenState => ({ state: 'open', nextChange: until, until, comment: null });
const closed = (nextChange: string | null, comment: string | null = null): OpenState => ({
  state: 'closed',
  nextChange,
  until: null,
  comment,
});

describe('describeOpenState', () => {
  it('says when an open place closes, in the site’s time zone', () => {
    expect(describeIn('en', open('2026-11-25T15:00:00Z'))).toEqual({
      tone: 'open',
      text: 'Open · closes 16:00',
    });
    expect(describeIn('hr', open('2026-11-25T15:00:00Z'))?.text).toBe('Otvoreno · zatvara u 16:00');
    // Past midnight: the day is named.
    expect(describeIn('en', open('2026-11-26T01:00:00Z'))?.text).toBe('Open · closes Thu 02:00');
    // Read in New York's zone, the same instant is 10:00 there.
    expect(describeIn('en', open('2026-11-25T15:00:00Z'), WEDNESDAY_10, 'America/New_York')?.text).toBe(
      'Open · closes 10:00',
    );
  });

  it('says when a closed place opens, and a holiday by its name', () => {
    expect(describeIn('en', closed('2026-11-25T16:00:00Z'))?.text).toBe('Closed · opens 17:00');
    expect(describeIn('en', closed('2026-11-30T07:00:00Z'))?.text).toBe('Closed · opens Mon 08:00');
    expect(describeIn('hr', closed('2026-11-30T07:00:00Z'))?.text).toMatch(
      /^Zatvoreno · otvara pon\.? u 08:00$/,
    );
    // Six days ahead is still a weekday; a week or more (seasonal hours) is a date.
    expect(describeIn('en', closed('2026-12-01T07:00:00Z'))?.text).toBe('Closed · opens Tue 08:00');
    expect(describeIn('en', closed('2026-12-02T07:00:00Z'))?.text).toBe('Closed · opens Dec 2 08:00');
    expect(describeIn('en', closed('2027-03-31T22:00:00Z'))?.text).toBe('Closed · opens Apr 1 00:00');
    expect(describeIn('hr', closed('2027-03-31T22:00:00Z'))?.text).toBe('Zatvoreno · otvara 1. tra u 00:00');
    const christmas = Date.parse('2026-12-25T10:00:00+01:00');
    expect(describeIn('en', closed('2026-12-28T07:00:00Z', 'Božić'), christmas)).toEqual({
      tone: 'closed',
      text: 'Closed today · Božić · opens Mon 08:00',
    });
  });

  it('says open around the clock, and shows an unknown state only by its comment', () => {
    expect(describeIn('en', { state: 'open', nextChange: null, until: null, comment: null })?.text).toBe(
      'Open around the clock',
    );
    expect(describeIn('en', { state: 'unknown', nextChange: null, until: null, comment: null })).toBeNull();
    expect(
      describeIn('en', { state: 'unknown', nextChange: null, until: null, comment: 'by appointment' }),
    ).toEqual({ tone: 'unknown', text: 'by appointment' });
  });
});

describe('openStateNow', () => {
  const state = open('2026-11-25T15:00:00Z');
  const closing = Date.parse('2026-11-25T15:00:00Z');

  it('is the server’s state until its next change, then the other one', () => {
    expect(openStateNow(state, closing - 1)).toBe(state);
    const after = openStateNow(state, closing);
    expect(after).toMatchObject({ state: 'closed', nextChange: null, changed: true });
    expect(describeIn('en', after, closing)?.text).toBe('Closed');
    const reopened = openStateNow(closed('2026-11-26T07:00:00Z'), Date.parse('2026-11-26T07:00:00Z'));
    expect(describeIn('en', reopened, Date.parse('2026-11-26T07:00:00Z'))?.text).toBe('Open');
  });
});
