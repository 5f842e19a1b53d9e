import { describe, expect, it } from 'vitest';
import {
  autoMapColumns,
  columnChoices,
  foldColumnName,
  guessColumn,
  isKartaHeader,
  mappingProblems,
} from './column-mapping.ts';

describe('matching a file’s columns to Karta’s', () => {
  it('folds case, accents, spaces and punctuation', () => {
    expect(foldColumnName(' Geografska Širina ')).toBe('geografskasirina');
    expect(foldColumnName('Đurđa-E_mail')).toBe('durdaemail');
  });

  it('recognises common names in English and Croatian', () => {
    expect(autoMapColumns(['ID', 'Name', 'Latitude', 'Lon', 'Kategorija', 'Opis', 'Web'])).toEqual([
      'externalId',
      'name_en',
      'lat',
      'lng',
      'category',
      'description_hr',
      'website',
    ]);
    expect(autoMapColumns(['Naziv', 'Y', 'X', 'Vrsta', 'Šifra', 'Adresa', 'E-mail', 'Telefon'])).toEqual([
      'name_hr',
      'lat',
      'lng',
      'category',
      'externalId',
      'address',
      'email',
      'phone',
    ]);
    expect(guessColumn('Geografska dužina')).toBe('lng');
    expect(guessColumn('LNG')).toBe('lng');
    expect(guessColumn('Opening hours')).toBe('opening_hours');
    expect(guessColumn('Radno vrijeme')).toBe('opening_hours');
    expect(guessColumn('Parking')).toBeNull();
  });

  it('keeps Karta’s own names, any language’s name column included, and takes each Karta column once', () => {
    expect(guessColumn('name_de')).toBe('name_de');
    expect(autoMapColumns(['lat', 'Latitude', 'NAME_HR'])).toEqual(['lat', null, 'name_hr']);
  });

  it('knows a header the server reads as it is', () => {
    expect(isKartaHeader(['externalId', 'category', 'name_hr', 'lat', 'lng'])).toBe(true);
    expect(isKartaHeader(['lng', ' lat ', 'name_de', 'category', 'externalId'])).toBe(true);
    expect(isKartaHeader(['externalId', 'category', 'Name', 'lat', 'lng'])).toBe(false);
    expect(isKartaHeader(['externalId', 'lat', 'lat'])).toBe(false);
  });

  it('names the required columns that are missing and those chosen twice', () => {
    expect(mappingProblems(['externalId', 'category', 'name_en', 'lat', 'lng', null])).toEqual({
      missing: [],
      repeated: [],
    });
    expect(mappingProblems(['externalId', 'lat', 'lat', null])).toEqual({
      missing: ['category', 'name', 'lng'],
      repeated: ['lat'],
    });
  });

  it('offers a name and a description column per language of the site, and those the file has', () => {
    const choices = columnChoices(['Name', 'name_it'], ['sl', 'en']);
    expect(choices.filter((column) => /^(name|description)_/.test(column))).toEqual([
      'name_sl',
      'name_en',
      'description_sl',
      'description_en',
      'name_it',
    ]);
    expect(guessColumn('Name SL')).toBe('name_sl');
  });
});
