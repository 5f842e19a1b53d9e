import type { Category } from '@karta/contracts';
import { expect, it } from 'vitest';
import { newContributor } from '../support/accounts.ts';
import { apiOf, viewOf } from '../support/api.ts';
import { axeViolations } from '../support/axe.ts';
import { describeInBrowser } from '../support/browser-suite.ts';
import { EmbedBuilderDriver } from '../support/embed-builder.ts';
import { framingSiteFor } from '../support/framing-site.ts';

/** Where to keep screenshots to look at (unset: none are taken). */
const SHOTS = process.env.KARTA_SCREENSHOTS;
const ZAGREB = { lat: 45.813, lng: 15.977 };

describeInBrowser(
  'Share → Embed: a partner builds an embed and uses it',
  (suite) => {
    const site = framingSiteFor(suite);

    it('at 375 px from a fresh profile: a category and the list, the preview shows them, the code works on another site with fullscreen and "Propose a place"', async () => {
      const { karta, page, baseUrl } = suite;
      const categories = (await apiOf(baseUrl).categories()).items as Category[];
      const category = categories[0];
      if (!category) throw new Error('The demo data has no category');
      const contributor = await newContributor(baseUrl, 'E2E partner visitor');

      await karta.resize(375, 812);
      await karta.forgetSession();
      // Signed in, so the form that "Propose a place" opens is the form itself, not its sign-in prompt.
      await karta.openSignIn();
      await karta.signIn(contributor);
      await karta.waitForSignedIn();
      await karta.openHome(viewOf(ZAGREB, 13));
      await karta.openShareDialog();
      const builder = new EmbedBuilderDriver(page);
      await builder.open();
      await builder.chooseCategory(category.slug);
      await builder.tick('list');
      await builder.tick('fullscreen');
      await builder.tick('propose');
      const link = await builder.link();
      expect(link.searchParams.get('cat')).toBe(category.slug);
      expect(link.searchParams.get('list')).toBe('1');

      // The preview is the real embed with these options: its list holds only the category's places.
      const preview = await builder.previewShowing(link.search);
      await preview.getByTestId('embed-list').waitFor();
      await preview.getByTestId('place-list').waitFor({ timeout: 15_000 });
      // The preview is the embed's own page, whose landmarks repeat the home page's behind the
      // dialog (axe counts a frame's landmarks with the page's): the embed is checked on its own below.
      expect(await axeViolations(page, { exclude: '[data-testid=embed-preview]' })).toEqual([]);
      expect((await karta.pageWidth()).scroll).toBeLessThanOrEqual(375);

      expect(await builder.copyCode()).toMatch(/copied/i);
      const code = await karta.clipboardText();
      expect(code).toBe(await builder.code());
      expect(code).toContain(' allowfullscreen ');

      // On a partner's site (another origin), the code shows the embed with its list.
      const framed = await karta.openFramingPage(site().page(code));
      expect(await framed.outcome()).toBe('shown');
      await framed.frame.getByTestId('embed-list').waitFor();
      // Fullscreen: the embed fills the screen, and comes back.
      await framed.frame.getByTestId('embed-fullscreen').click();
      await expect
        .poll(() =>
          framed.frame.evaluate(() => document.fullscreenElement?.getAttribute('data-testid') ?? null),
        )
        .toBe('embed');
      const filled = await framed.frame.evaluate(() => {
        const box = document.querySelector('[data-testid=embed]')?.getBoundingClientRect();
        return {
          width: box?.width,
          height: box?.height,
          screen: { width: window.innerWidth, height: window.innerHeight },
        };
      });
      const viewport = page.viewportSize();
      expect([filled.width, filled.height]).toEqual([viewport?.width, viewport?.height]);
      await framed.frame.getByTestId('embed-fullscreen').click();
      await expect.poll(() => framed.frame.evaluate(() => document.fullscreenElement === null)).toBe(true);

      // "Propose a place": Karta's form in a new tab, with the map's centre and the category, from
      // the partner's site, which the proposal's history records.
      const opened = page.context().waitForEvent('page');
      await framed.frame.getByTestId('embed-propose').click();
      const tab = await opened;
      await tab.waitForLoadState('domcontentloaded');
      const address = new URL(tab.url());
      expect(address.pathname).toBe('/propose');
      expect(address.searchParams.get('from')).toBe('127.0.0.1');
      expect(address.searchParams.get('cat')).toBe(category.slug);
      const frameView = framed.url().searchParams;
      expect(address.searchParams.get('lat')).toBe(frameView.get('lat'));
      expect(address.searchParams.get('lng')).toBe(frameView.get('lng'));
      await tab.getByTestId('field-lat').waitFor({ timeout: 15_000 });
      expect(Number(await tab.getByTestId('field-lat').inputValue())).toBeCloseTo(
        Number(frameView.get('lat')),
        5,
      );
      expect(Number(await tab.getByTestId('field-lng').inputValue())).toBeCloseTo(
        Number(frameView.get('lng')),
        5,
      );
      expect(await tab.getByTestId('field-categoryId').inputValue()).toBe(String(category.id));
      await tab.getByTestId('field-name-en').fill('Proposed from a partner');
      await tab.getByTestId('save-place').click();
      const anyway = tab.getByTestId('save-anyway');
      await Promise.race([
        anyway.waitFor({ timeout: 10_000 }).then(() => anyway.click()),
        tab.waitForURL(/my-submissions/, { timeout: 10_000 }),
      ]).catch(() => {});
      await tab.waitForURL(/my-submissions\?saved=\d+/, { timeout: 15_000 });
      const saved = Number(new URL(tab.url()).searchParams.get('saved'));
      const history = await contributor.api.placeHistory(saved);
      expect(history.items.find((entry) => entry.action === 'created')?.origin).toBe('embed: 127.0.0.1');
      await tab.close();
    });

    it('the embed and the builder have no accessibility findings, and look right at 375, 768 and 1280 in en and hr', async () => {
      const { karta, page, baseUrl } = suite;
      const category = ((await apiOf(baseUrl).categories()).items as Category[])[0];
      const options = `&cat=${category?.slug ?? ''}&list=1&fs=1&propose=1`;
      await karta.resize(375, 812);
      await page.goto(`${baseUrl}/embed${viewOf(ZAGREB, 13)}${options}`);
      await page.getByTestId('embed-list').waitFor();
      await page.getByTestId('place-list').waitFor({ timeout: 15_000 });
      expect(await axeViolations(page)).toEqual([]);
      if (!SHOTS) return;
      for (const width of [375, 768, 1280]) {
        for (const language of ['en', 'hr'] as const) {
          await karta.resize(width, 812);
          const framed = await karta.openFramingPage(
            site().page(
              `<iframe src="${baseUrl}/embed${viewOf(ZAGREB, 13).replace(/&/g, '&amp;')}${options.replace(/&/g, '&amp;')}&amp;h=500&amp;lang=${language}" width="100%" height="500" style="border:0" allowfullscreen title="Karta"></iframe>`,
            ),
          );
          await framed.frame.getByTestId('place-list').waitFor({ timeout: 15_000 });
          await page.screenshot({ path: `${SHOTS}/embed-${width}-${language}.png`, fullPage: true });

          await karta.openHome(viewOf(ZAGREB, 13));
          await karta.switchLanguage(language);
          await karta.openShareDialog();
          const builder = new EmbedBuilderDriver(page);
          await builder.open();
          await builder.tick('list');
          const preview = await builder.previewShowing((await builder.link()).search);
          await preview.getByTestId('embed-list').waitFor({ timeout: 15_000 });
          expect((await karta.pageWidth()).scroll).toBeLessThanOrEqual(width);
          // The dialog is fixed over the page: the window is what a person sees of it.
          await page.screenshot({ path: `${SHOTS}/embed-builder-${width}-${language}.png` });
        }
      }
    });
  },
  { clipboard: true },
);
