import { describe, expect, it } from 'vitest';
import { searchName, searchText } from './stored-texts.ts';

// Each expected value is what PostgreSQL's karta_search_names_spelled and
// karta_search_text_spelled (migration 005) return for the same input.
describe('searchName (search_name)', () => {
  it('puts every name between `|`, in jsonb key order (en before hr)', () => {
    expect(searchName({ hr: 'Cvjetni trg', en: 'Flower Square' })).toBe('|flower square|cvjetni trg|');
    expect(searchName({ en: 'A|B' })).toBe('|a b|');
  });

  it('adds every name spelled out when one holds a letter written as two', () => {
    expect(searchName({ de: 'Köln', en: 'Cologne' })).toBe('|koln|cologne|koeln|cologne|');
    expect(searchName({ hr: 'Đakovo "Katedrala"' })).toBe('|dakovo katedrala|djakovo katedrala|');
  });

  it('keeps a space before the `|` after a name that ends with punctuation, as the SQL does', () => {
    expect(searchName({ en: 'St. Mark’s Church.', hr: 'Crkva sv. Marka' })).toBe(
      '|st mark s church |crkva sv marka|',
    );
  });
});

describe('searchText (search_text)', () => {
  it('joins the names, the descriptions and the address', () => {
    expect(searchText(searchName({ hr: 'Cvjetni trg', en: 'Flower Square' }), null, null)).toBe(
      '|flower square|cvjetni trg|||',
    );
    expect(searchText(searchName({ en: 'A|B' }), { en: '' }, '')).toBe('|a b|||');
    expect(
      searchText(
        searchName({ en: 'St. Mark’s Church.', hr: 'Crkva sv. Marka' }),
        { en: '(Gothic)', hr: 'Gotička.' },
        'Trg sv. Marka 5',
      ),
    ).toBe('|st mark s church |crkva sv marka|gothic |goticka|trg sv marka 5|');
  });

  it('spells out descriptions and the address on their own', () => {
    expect(searchText(searchName({ de: 'Köln', en: 'Cologne' }), {}, 'Domkloster 4, 50667 Köln')).toBe(
      '|koln|cologne|koeln|cologne||domkloster 4 50667 koln|domkloster 4 50667 koeln|',
    );
    expect(
      searchText(searchName({ en: 'x' }), { hr: 'Düsseldorf', en: 'Dusseldorf' }, 'Ulica 1\nZagreb'),
    ).toBe('|x|dusseldorf|dusseldorf|dusseldorf|duesseldorf|ulica 1 zagreb|');
  });

  it('folds descriptions from their JSON, escapes and all: a tab leaves its `t`, a typed `\\n` loses its `n`', () => {
    expect(
      searchText(
        searchName({ hr: 'Đakovo "Katedrala"' }),
        { hr: 'Red 1\nred "2"\ttab \\n kraj \\ x', en: 'ends with a quote"' },
        'Lange Straße 5',
      ),
    ).toBe(
      '|dakovo katedrala|djakovo katedrala|ends with a quote |red 1 red 2 ttab kraj x|lange straße 5|lange strasse 5|',
    );
  });
});
