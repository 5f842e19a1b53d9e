import { expect, it } from 'vitest';
import { adminApi, newContributor, newModerator } from '../support/accounts.ts';
import { axeViolations } from '../support/axe.ts';
import { describeInBrowser } from '../support/browser-suite.ts';
import { ReviewQueue } from '../support/review-queue.ts';

/** Where to keep screenshots to look at (unset: none are taken). */
const SHOTS = process.env.KARTA_SCREENSHOTS;

describeInBrowser('moderation at volume', (suite) => {
  it('a moderator at 375 px finds an import’s proposals by a word, sees which one another moderator has open, and publishes the rest at once', async () => {
    const { karta, page, baseUrl } = suite;
    const tag = `batch${Date.now().toString(36)}`;
    const { api: admin } = await adminApi(baseUrl);
    const categoryId = (await admin.categories()).items[0]?.id ?? 1;
    const contributor = await newContributor(baseUrl, 'E2E importer');
    const proposals = [];
    for (let i = 0; i < 4; i += 1) {
      proposals.push(
        await contributor.api.createPlace({
          categoryId,
          name: { en: `Drinking fountain ${tag} ${i}` },
          lat: 45.79 + i * 0.001,
          lng: 15.95,
        }),
      );
    }
    // Ana has the last one open in her queue.
    const ana = await newModerator(baseUrl, 'Ana');
    const held = proposals[3];
    if (!held) throw new Error('no proposal');
    await ana.api.holdPlace(held.id);

    const mia = await newModerator(baseUrl, 'E2E Mia');
    await karta.forgetSession();
    await karta.resize(375, 740);
    await karta.openStaffScreen('/review');
    await karta.signInFromStaffPrompt(mia);
    const queue = new ReviewQueue(page);
    await queue.search(tag);
    expect(await queue.count()).toBe(4);
    expect(await queue.shownIds()).toEqual(proposals.map((place) => place.id));
    await expect.poll(() => queue.heldBy(held.id)).toMatchObject({ publishDisabled: true });
    expect((await queue.heldBy(held.id))?.text).toMatch(/^Ana is reviewing \(until \d\d:\d\d\)$/);

    // The page without Ana's place: three, in a bar at the bottom of the phone's screen.
    await queue.selectPage();
    expect(await queue.selectedCount()).toBe('3 places selected');
    const bar = await queue.batchBarGeometry();
    expect(bar.bottom).toBeLessThanOrEqual(bar.viewport.height + 1);
    expect(bar.top).toBeGreaterThan(bar.viewport.height / 2);
    expect(bar.left).toBeGreaterThanOrEqual(0);
    expect(bar.right).toBeLessThanOrEqual(375);
    expect((await karta.pageWidth()).scroll).toBeLessThanOrEqual(375);
    expect(await axeViolations(page)).toEqual([]);
    if (SHOTS) {
      for (const width of [375, 768, 1280]) {
        for (const language of ['en', 'hr'] as const) {
          await karta.resize(width, 740);
          await karta.switchLanguage(language);
          await page.screenshot({ path: `${SHOTS}/review-batch-${width}-${language}.png`, fullPage: true });
        }
      }
      await karta.resize(375, 740);
      await karta.switchLanguage('en');
    }

    expect(await queue.publishSelected()).toContain('3 places published.');
    for (const place of proposals.slice(0, 3)) {
      expect((await contributor.api.getPlace(place.id)).status).toBe('published');
    }
    expect((await contributor.api.getPlace(held.id)).status).toBe('pending');
    await expect.poll(() => queue.shownIds()).toEqual([held.id]);
  });
});
