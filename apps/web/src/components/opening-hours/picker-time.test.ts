import { describe, expect, it } from 'vitest';
import { isPickerTime, readPickerTime } from './picker-time.ts';

describe('readPickerTime', () => {
  it('reads what a phone’s number pad types, with or without a separator, on the 24-hour clock', () => {
    expect(readPickerTime('08:30')).toBe('08:30');
    expect(readPickerTime('0830')).toBe('08:30');
    expect(readPickerTime('830')).toBe('08:30');
    expect(readPickerTime('8:30')).toBe('08:30');
    expect(readPickerTime('8.30')).toBe('08:30');
    expect(readPickerTime(' 17 ')).toBe('17:00');
    expect(readPickerTime('8')).toBe('08:00');
    expect(readPickerTime('0')).toBe('00:00');
    expect(readPickerTime('23:59')).toBe('23:59');
  });

  it('refuses what is no time of day, and AM/PM', () => {
    for (const text of ['', '25:00', '2400', '8:60', '12:5', '12345', '8 pm', '8:30 AM', '-1', 'ab:cd'])
      expect({ text, read: readPickerTime(text) }).toEqual({ text, read: null });
  });

  it('takes midnight at the end of the day as a closing time only', () => {
    expect(readPickerTime('24:00', { closing: true })).toBe('24:00');
    expect(readPickerTime('24', { closing: true })).toBe('24:00');
    expect(readPickerTime('24:00')).toBeNull();
    expect(readPickerTime('24:30', { closing: true })).toBeNull();
  });

  it('tells a written time from a half-typed one', () => {
    expect(isPickerTime('08:30')).toBe(true);
    expect(isPickerTime('830')).toBe(false);
    expect(isPickerTime('')).toBe(false);
    expect(isPickerTime('24:00', { closing: true })).toBe(true);
  });
});
