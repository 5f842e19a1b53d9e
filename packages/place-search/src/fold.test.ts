import { describe, expect, it } from 'vitest';
import { foldSpelled, foldText } from './fold.ts';

describe('foldText (karta_fold)', () => {
  it('drops case and diacritics', () => {
    expect(foldText('Željeznički kolodvor')).toBe('zeljeznicki kolodvor');
    expect(foldText('ČĆŽŠ čćžš')).toBe('cczs cczs');
    expect(foldText('Crème Brûlée')).toBe('creme brulee');
    expect(foldText('Düsseldorf')).toBe('dusseldorf');
    expect(foldText('Århus')).toBe('arhus');
  });

  it('maps the letters with a stroke, which do not decompose', () => {
    expect(foldText('Đakovo')).toBe('dakovo');
    expect(foldText('đurđevac')).toBe('durdevac');
    expect(foldText('Łódź')).toBe('lodz');
    expect(foldText('Øresund')).toBe('oresund');
    expect(foldText('Ħamrun')).toBe('hamrun');
    expect(foldText('Iı')).toBe('ii');
    expect(foldText('Ŀl')).toBe('ll');
  });

  it('keeps ß, æ and œ as letters (only spelling out changes them)', () => {
    expect(foldText('Straße')).toBe('straße');
    expect(foldText('ẞ')).toBe('ß');
    expect(foldText('Æbelø Œuvre')).toBe('æbelo œuvre');
  });

  it('lower-cases as PostgreSQL does: a final capital sigma is σ, not ς', () => {
    expect(foldText('ΟΔΟΣ')).toBe('οδοσ');
    expect(foldText('ΆΘΗΝΑ')).toBe('αθηνα');
    expect(foldText('МОСКВА')).toBe('москва');
    expect(foldText('İstanbul')).toBe('istanbul');
  });

  it('turns punctuation, symbols and spaces into one space, trimmed', () => {
    expect(foldText('  Trg bana J. Jelačića,  Zagreb!  ')).toBe('trg bana j jelacica zagreb');
    expect(foldText('“Kod Žnidaršića” — bife')).toBe('kod znidarsica bife');
    expect(foldText('a|b_c%d\\e')).toBe('a b c d e');
    expect(foldText('caffè ☕ bar')).toBe('caffe bar');
    expect(foldText('a\u00a0b\u200bc\u00add')).toBe('a b c d');
    expect(foldText('line\nbreak\ttab')).toBe('line break tab');
  });

  it('keeps digits and letters of other scripts', () => {
    expect(foldText('Ilica 242a')).toBe('ilica 242a');
    expect(foldText('東京タワー')).toBe('東京タワー');
  });
});

describe('foldSpelled (karta_fold_spelled)', () => {
  it('spells out the letters written as two, capitals too', () => {
    expect(foldSpelled('Düsseldorf')).toBe('duesseldorf');
    expect(foldSpelled('KÖLN')).toBe('koeln');
    expect(foldSpelled('Straße')).toBe('strasse');
    expect(foldSpelled('STRAẞE')).toBe('strasse');
    expect(foldSpelled('Đakovo')).toBe('djakovo');
    expect(foldSpelled('Århus')).toBe('aarhus');
    expect(foldSpelled('Øresund')).toBe('oeresund');
    expect(foldSpelled('Æbeltoft Œuvre Ärzte')).toBe('aebeltoft oeuvre aerzte');
  });

  it('spells out decomposed letters as well', () => {
    expect(foldSpelled('Ko\u0308ln')).toBe('koeln');
    expect(foldSpelled('A\u030Arhus')).toBe('aarhus');
  });

  it('folds the rest as foldText does', () => {
    expect(foldSpelled('Željeznički')).toBe('zeljeznicki');
  });
});
