import { describe, expect, it } from 'vitest';
import { proposalFromLink } from './proposal-from-link.ts';

const categories = [
  { id: 4, slug: 'pharmacy' },
  { id: 9, slug: 'shelter' },
];

describe('what a link to the form fills in', () => {
  it('fills the position, the category and the partner from an embed’s "Propose a place"', () => {
    const { values, embeddedOn } = proposalFromLink(
      '?lat=45.81234&lng=15.97&z=15&pin=1&cat=shelter&from=www.partner.example',
      categories,
      ['hr', 'en'],
    );
    expect(values).toMatchObject({ lat: '45.81234', lng: '15.97', categoryId: '9' });
    expect(values?.name).toEqual({ hr: '', en: '' });
    expect(embeddedOn).toBe('www.partner.example');
  });

  it('leaves the form empty for the home page’s link, which only centres the map', () => {
    expect(proposalFromLink('?lat=45.8&lng=16&z=14', categories, ['en'])).toEqual({
      values: null,
      embeddedOn: null,
    });
  });

  it('leaves out a category the site lacks, a half position and a partner that is no host name', () => {
    expect(
      proposalFromLink('?lat=45.8&pin=1&cat=bakery&from=https://evil.example/x', categories, ['en']),
    ).toEqual({
      values: null,
      embeddedOn: null,
    });
    expect(proposalFromLink('?cat=pharmacy&from=Partner.Example', categories, ['en']).embeddedOn).toBeNull();
    expect(proposalFromLink('?cat=pharmacy', categories, ['en']).values).toMatchObject({
      lat: '',
      categoryId: '4',
    });
  });
});
