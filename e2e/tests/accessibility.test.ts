import { beforeAll, expect, it } from 'vitest';
import { describeInBrowser } from '../support/browser-suite.ts';
import { arrangeScreens, SCREENS, type ScreenData, ScreenTour } from '../support/screen-tour.ts';

/**
 * A phone and a desktop in English: the layouts differ (the header folds, the list moves under the
 * map). In Croatian, the phone: what a language changes (names, labels, `lang`) shows there, and
 * scanning each screen once instead of twice keeps the suite's time down.
 */
const LANGUAGES = [
  { language: 'en', locale: 'en-US', widths: [375, 1280] },
  { language: 'hr', locale: 'hr-HR', widths: [375] },
] as const;

for (const { language, locale, widths } of LANGUAGES) {
  describeInBrowser(
    `accessibility in ${language}`,
    (suite) => {
      let data: ScreenData;
      beforeAll(async () => {
        data = await arrangeScreens(suite.baseUrl);
      });

      for (const screen of SCREENS) {
        it(`the ${screen} screen has no axe-core violations at ${widths.join(' and ')} px`, async () => {
          const tour = new ScreenTour(suite.page, suite.baseUrl, data);
          const violations: string[] = [];
          for (const width of widths) {
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
