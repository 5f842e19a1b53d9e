import type { CategoryField } from '@karta/contracts';
import { describe, expect, it } from 'vitest';
import {
  autoMapColumns,
  columnChoices,
  foldColumnName,
  type GuessableField,
  guessColumn,
  isKartaHeader,
  mappingProblems,
  siteFields,
} from './column-mapping.ts';

/** Fields as the demo's categories have them: labels in two languages, OpenStreetMap tags on some. */
const FIELDS: GuessableField[] = [
  { key: 'access', label: { en: 'Access', hr: 'Pristup' }, osmKey: 'access' },
  { key: 'indoor', label: { en: 'Indoor', hr: 'U zatvorenom' }, osmKey: 'indoor' },
  { key: 'on_duty', label: { en: 'On duty today', hr: 'Dežurna danas' } },
  { key: 'refill', label: { en: 'Bottle refill' }, osmKey: 'drinking_water:refill' },
  { key: 'note', label: { en: 'Phone', hr: 'Napomena' } },
];

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

  it('needs no coordinates from a file with an address column: its rows are placed by their address', () => {
    expect(mappingProblems(['externalId', 'category', 'name_hr', 'address'])).toEqual({
      missing: [],
      repeated: [],
    });
    expect(mappingProblems(['externalId', 'category', 'name_hr', 'phone']).missing).toEqual(['lat', 'lng']);
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

  it('reads a column named as a category field (its key, a label in any language, its OpenStreetMap tag) as x_<key>', () => {
    expect(
      autoMapColumns(
        ['ID', 'Naziv', 'lat', 'lng', 'Kategorija', 'Pristup', 'INDOOR', 'On duty', 'Dežurna danas'],
        FIELDS,
      ),
    ).toEqual(['externalId', 'name_hr', 'lat', 'lng', 'category', 'x_access', 'x_indoor', 'x_on_duty', null]);
    expect(guessColumn('u zatvorenom', FIELDS)).toBe('x_indoor');
    expect(guessColumn('drinking_water:refill', FIELDS)).toBe('x_refill');
    expect(guessColumn('on_duty', FIELDS)).toBe('x_on_duty');
    // The place's own columns come first: a field labelled "Phone" never takes the phone number.
    expect(guessColumn('Phone', FIELDS)).toBe('phone');
    // Karta's own x_ columns are kept as they are, known field or not (the server judges each value).
    expect(guessColumn('x_level', FIELDS)).toBe('x_level');
    expect(guessColumn('Pristup')).toBeNull();
  });

  it('knows a header of Karta’s export, x_ columns included, as one the server reads as it is', () => {
    expect(isKartaHeader(['externalId', 'category', 'name_hr', 'lat', 'lng', 'x_indoor', 'x_on_duty'])).toBe(
      true,
    );
    expect(isKartaHeader(['externalId', 'category', 'name_hr', 'lat', 'lng', 'x_Indoor'])).toBe(false);
  });

  it('offers an x_ column per field of the site, each key once, and those the file has', () => {
    const categories: { fields: CategoryField[] }[] = [
      { fields: [{ key: 'indoor', type: 'boolean', label: { en: 'Indoor' } }] },
      {
        fields: [
          { key: 'bottle', type: 'boolean', label: { en: 'Bottle' } },
          { key: 'indoor', type: 'boolean', label: { en: 'Inside' } },
        ],
      },
    ];
    const fields = siteFields(categories);
    expect(fields.map((field) => field.label.en)).toEqual(['Indoor', 'Bottle']);
    const choices = columnChoices(['Name', 'x_custom'], ['hr', 'en'], fields);
    expect(choices.filter((column) => column.startsWith('x_'))).toEqual(['x_indoor', 'x_bottle', 'x_custom']);
  });
});
