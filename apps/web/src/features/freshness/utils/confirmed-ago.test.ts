import { describe, expect, it } from 'vitest';
import { confirmedAgo } from './confirmed-ago.ts';

const NOW = Date.parse('2026-11-26T12:00:00Z');
const daysAgo = (days: number) => new Date(NOW - days * 86_400_000).toISOString();

describe('confirmedAgo', () => {
  it('says days under a month, months under a year, then years, in the UI language', () => {
    expect(confirmedAgo(daysAgo(0), NOW, 'en')).toBe('today');
    expect(confirmedAgo(daysAgo(1), NOW, 'en')).toBe('yesterday');
    expect(confirmedAgo(daysAgo(12), NOW, 'en')).toBe('12 days ago');
    expect(confirmedAgo(daysAgo(95), NOW, 'en')).toBe('3 months ago');
    expect(confirmedAgo(daysAgo(800), NOW, 'en')).toBe('2 years ago');
    expect(confirmedAgo(daysAgo(12), NOW, 'hr')).toBe('prije 12 dana');
    // A clock a little behind the server's is "today", never the future.
    expect(confirmedAgo(new Date(NOW + 5000).toISOString(), NOW, 'en')).toBe('today');
  });
});
