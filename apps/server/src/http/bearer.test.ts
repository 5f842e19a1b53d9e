import { describe, expect, it } from 'vitest';
import { bearerValue } from './bearer.ts';

describe('bearerValue', () => {
  it('reads a Bearer header, and leaves other schemes alone', () => {
    expect(bearerValue(undefined)).toBeUndefined();
    expect(bearerValue('Basic dXNlcjpwYXNz')).toBeUndefined();
    expect(bearerValue('Bearer karta_x')).toBe('karta_x');
    expect(bearerValue('bearer   karta_x ')).toBe('karta_x');
    // Bearer with nothing after it is a refused token, not a visitor.
    expect(bearerValue('Bearer')).toBe('');
    expect(bearerValue('Bearer ')).toBe('');
    expect(bearerValue('Bearerkarta_x')).toBeUndefined();
  });
});
