import { beforeAll, expect, it } from 'vitest';
import { describeInBrowser } from '../support/browser-suite.ts';
import { arrangeScreens, SCREENS, type ScreenData, ScreenTour } from '../support/screen-tour.ts';

const LANGUAGES = [
  { language: 'en', locale: 'en-US' },
  { language: 'hr', locale: 'hr-HR' },
] as const;

/** A phone and a desktop: the layouts differ (the header folds, the list moves under the map). */
const WIDTHS = [375, 1280];

for (const { language, locale } of LANGUAGES) {
  describeInBrowser(
    `accessibility in ${language}`,
    (suite) => {
      let data: ScreenData;
      beforeAll(async () => {
        data = await arrangeScreens(suite.baseUrl);
      });

      for (const screen of SCREENS) {
        it(`the ${screen} screen has no axe-core violations at ${WIDTHS.join(' and ')} px`, async () => {
          const tour = new ScreenTour(suite.page, suite.baseUrl, data);
          const violations: string[] = [];
          for (const width of WIDTHS) {
            await tour.resize(width);
            await tour.open(screen);
            expect(await suite.karta.htmlLang()).toBe(language);
            for (const violation of await tour.violations()) violations.push(`${width} px: ${violation}`);
          }
          expect(violations).toEqual([]);
        });
      }
    },
    { locale },
  );
}
