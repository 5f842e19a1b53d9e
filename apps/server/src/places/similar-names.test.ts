import { describe, expect, it } from 'vitest';
import { isSimilarName, nameSimilarity, normalizeName } from './similar-names.ts';

describe('similar place names', () => {
  it('ignores case, accents and Croatian diacritics', () => {
    expect(normalizeName('  Željeznički KOLODVOR – Đurđevac ')).toBe('zeljeznicki kolodvor durdevac');
    expect(isSimilarName('zeljeznicki kolodvor', 'Željeznički kolodvor')).toBe(true);
  });

  it('finds typos, added numbers and one name inside another', () => {
    expect(isSimilarName('Ljekarna Centar', 'Ljekarna Centar 2')).toBe(true);
    expect(isSimilarName('Drustveni hladnjak', 'Društveni hladnjk')).toBe(true);
    expect(isSimilarName('Knjižnica', 'Knjižnica Medveščak')).toBe(true);
    expect(isSimilarName('Community fridge Trešnjevka', 'Trešnjevka community fridge')).toBe(true);
  });

  it('does not call different places alike', () => {
    expect(isSimilarName('Ljekarna Centar', 'Pekara Centar')).toBe(false);
    expect(isSimilarName('Defibrilator', 'Javni zahod')).toBe(false);
    expect(isSimilarName('AED', 'Trg bana Jelačića AED-a')).toBe(false);
    expect(isSimilarName('', 'Anything')).toBe(false);
  });

  it('measures letter pairs symmetrically, from 0 to 1', () => {
    expect(nameSimilarity('abcd', 'abcd')).toBe(1);
    expect(nameSimilarity('abcd', 'wxyz')).toBe(0);
    expect(nameSimilarity('night', 'nacht')).toBeCloseTo(nameSimilarity('nacht', 'night'));
  });
});
