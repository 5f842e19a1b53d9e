import { describe, expect, it } from 'vitest';
import { attributionText, DEFAULT_BASEMAP_ATTRIBUTION } from './attribution.ts';

describe('attributionText', () => {
  it("is the metadata's attribution as text: tags dropped, entities read, spaces folded", () => {
    expect(
      attributionText({ attribution: '<a href="x">A &amp; B</a>\n &#169;  &#xA9; &bogus; &#99999999;' }),
    ).toBe('A & B © © &bogus; &#99999999;');
  });

  it("is OpenStreetMap's credit when the metadata has none, or none that is text", () => {
    expect(attributionText({})).toBe(DEFAULT_BASEMAP_ATTRIBUTION);
    expect(attributionText({ attribution: 42 })).toBe(DEFAULT_BASEMAP_ATTRIBUTION);
    expect(attributionText({ attribution: '<b></b> ' })).toBe(DEFAULT_BASEMAP_ATTRIBUTION);
    expect(attributionText(null)).toBe(DEFAULT_BASEMAP_ATTRIBUTION);
  });
});
