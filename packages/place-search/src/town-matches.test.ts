import { describe, expect, it } from 'vitest';
import { foldTownName, matchingTowns } from './town-matches.ts';

const town = (name: string, lat: number, lng: number) => ({ name, lat, lng, ...foldTownName(name) });
const TOWNS = [
  town('Velika Gorica', 45.71, 16.08),
  town('Velika', 45.45, 17.66),
  town('Sveti Ivan Zelina', 45.96, 16.24),
  town('Samobor', 45.8, 15.71),
  town('Šibenik', 43.73, 15.9),
];
const names = (q: string, near?: { lat: number; lng: number }) =>
  matchingTowns(TOWNS, q, near).map((found) => found.name);

describe('matchingTowns', () => {
  it('puts the whole name first, then its start, then a word’s start, ignoring case and diacritics', () => {
    expect(names('velika')).toEqual(['Velika', 'Velika Gorica']);
    expect(names('ZELINA')).toEqual(['Sveti Ivan Zelina']);
    expect(names('sib')).toEqual(['Šibenik']);
  });

  it('ranks equal matches nearest the point first', () => {
    expect(names('vel', { lat: 45.7, lng: 16.0 })).toEqual(['Velika Gorica', 'Velika']);
    expect(names('vel', { lat: 45.4, lng: 17.6 })).toEqual(['Velika', 'Velika Gorica']);
  });

  it('falls back to the parts of an address, last first', () => {
    expect(names('Ilica 1, Samobor')).toEqual(['Samobor']);
    expect(names('Nigdje 5, Nigdjegrad')).toEqual([]);
  });
});
