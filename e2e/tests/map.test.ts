import { expect, it } from 'vitest';
import { describeInBrowser } from '../support/browser-suite.ts';

// What both engines share is in map-engines.test.ts.
describeInBrowser('the map on the home page', (suite) => {
  for (const width of [375, 768, 1280]) {
    it(`is 100% wide and 400 px high at ${width} px, without horizontal scrolling`, async () => {
      const { karta } = suite;
      await karta.resize(width);
      await karta.openHome();
      const size = await karta.mapSize();
      const page = await karta.pageWidth();
      expect(size.height).toBe(400);
      expect(Math.round(size.width)).toBe(page.viewport);
      expect(page.scroll).toBeLessThanOrEqual(page.viewport);
    });
  }
});
