import { describe, expect, it } from 'vitest';
import { containsLink } from './link-detector.ts';

describe('containsLink', () => {
  it.each([
    'Više na https://example.com/akcija',
    'see http://spam.ru',
    'ftp://files.example.org/x',
    'Posjetite www.primjer.hr',
    'WWW.EXAMPLE.COM',
    'jeftino: example.com',
    'Pišite na ana@primjer.hr',
    'Cijene na voda.hr/cijene',
    'bit.ly/abc',
    'Više: Shop.Example.CO.UK!',
    '(kupi-odmah.xyz)',
    'čista-voda.hr',
  ])('finds a link in %j', (text) => {
    expect(containsLink(text)).toBe(true);
  });

  it.each([
    'Radno vrijeme pon.-pet. 8.30-16.00, sub. 9-13 h.',
    'Ponesite npr. bocu vode, čašu itd.',
    'Ul. Ilica 5, 2. kat, sv.Ante',
    'Danas.Je zatvoreno',
    'Otvoreno.Do 8 sati',
    'Cijena 2.50 €, popust 10 %.',
    'Red je dug... oko 20 min.',
    'Voda je hladna.',
    'No water today. Queue is long.',
    'v.d. ravnatelja, dr. med.',
    'example.comma is not a domain',
    'verzija 1.2.3',
  ])('leaves %j as text', (text) => {
    expect(containsLink(text)).toBe(false);
  });
});
