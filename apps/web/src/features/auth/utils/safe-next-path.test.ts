import { describe, expect, it } from 'vitest';
import { safeNextPath, withNext } from './safe-next-path.ts';

describe('safeNextPath', () => {
  it.each([
    ['/', '/'],
    ['/places/12', '/places/12'],
    ['/?lat=45.8&lng=16&z=10&place=3', '/?lat=45.8&lng=16&z=10&place=3'],
    ['/places/12#map', '/places/12#map'],
    ['/a/../places/1', '/places/1'],
  ])('follows a path on this site: %s', (next, expected) => {
    expect(safeNextPath(next)).toBe(expected);
  });

  it.each([
    [null],
    [''],
    ['places/12'],
    ['//evil.example/'],
    ['//evil.example/places/1'],
    ['/\\evil.example'],
    ['\\\\evil.example'],
    ['https://evil.example/'],
    ['javascript:alert(1)'],
    ['/\t/evil.example'],
    ['/\n/evil.example'],
    ['/..//evil.example'],
    ['/.//evil.example/x'],
    ['/a/..//evil.example'],
    ['/sign-in'],
    ['/register?next=/x'],
    ['/forgot-password'],
    ['/reset-password?token=abc'],
    ['/verify-email'],
    ['/unsubscribe'],
    ['/follows'],
    ['/follows/confirm'],
  ])('falls back to / for %j', (next) => {
    expect(safeNextPath(next)).toBe('/');
  });
});

describe('withNext', () => {
  it('carries a path along, and leaves out the default', () => {
    expect(withNext('/sign-in', '/places/12?x=1')).toBe('/sign-in?next=%2Fplaces%2F12%3Fx%3D1');
    expect(withNext('/register', '/')).toBe('/register');
    expect(withNext('/register', '//evil.example')).toBe('/register');
  });
});
