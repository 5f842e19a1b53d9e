import { expect, it } from 'vitest';
import { newContributor, newModerator } from '../support/accounts.ts';
import { viewOf } from '../support/api.ts';
import { describeInBrowser } from '../support/browser-suite.ts';

const SCRIPT_NAME = '<img src=x onerror=alert(1)>';

describeInBrowser('moderation', (suite) => {
  it('a moderator sees proposals with their diff, publishes one onto the map and rejects another with a reason the author reads', async () => {
    const { karta, baseUrl } = suite;
    const contributor = await newContributor(baseUrl, 'E2E proposer');
    const { items: categories } = await contributor.api.categories();
    const categoryId = categories[0]?.id ?? 1;
    const tag = Date.now().toString(36);
    const good = await contributor.api.createPlace({
      categoryId,
      name: { en: `Moderated bakery ${tag}` },
      description: { en: 'Fresh bread.\nOpen early.' },
      lat: 45.70321,
      lng: 16.38517,
      address: 'Trg 1',
    });
    const bad = await contributor.api.createPlace({
      categoryId,
      name: { en: SCRIPT_NAME },
      lat: 45.70421,
      lng: 16.38717,
    });
    const dialogs = karta.watchDialogs();
    await karta.forgetSession();

    await karta.openStaffScreen('/review');
    expect(await karta.staffGate()).toBe('sign-in');
    await karta.signInFromStaffPrompt(await newModerator(baseUrl));
    expect(await karta.staffGate()).toBe('open');

    expect(await karta.reviewItemName(good.id)).toBe(`Moderated bakery ${tag}`);
    const diff = await karta.reviewDiff(good.id);
    expect(diff.find((row) => row.field === 'name.en')).toMatchObject({ after: `Moderated bakery ${tag}` });
    expect(diff.find((row) => row.field === 'address')).toMatchObject({ after: 'Trg 1' });
    expect(diff.find((row) => row.field === 'description.en')?.after).toBe('Fresh bread.\nOpen early.');
    expect(await karta.reviewHistory(good.id)).toEqual(['created']);

    // Script-like user text is shown as text and never runs.
    expect(await karta.reviewItemName(bad.id)).toBe(SCRIPT_NAME);
    expect((await karta.reviewDiff(bad.id)).find((row) => row.field === 'name.en')?.after).toBe(SCRIPT_NAME);
    expect(await karta.injectedMarkup()).toEqual({ elements: 0, scriptRan: false });

    await karta.publish(good.id);
    const reason = 'The name is markup, not a place. Please give its real name.';
    await karta.rejectWithReason(bad.id, reason);
    expect(dialogs).toEqual([]);

    const mine = await contributor.api.getPlace(bad.id);
    expect(mine).toMatchObject({ status: 'rejected', rejectionReason: reason });

    // The published place is on the public map (the map index follows within a second or so).
    await expect
      .poll(
        async () => {
          await karta.openHome(viewOf(good, 18));
          return karta.markerIds();
        },
        { timeout: 15_000, interval: 1000 },
      )
      .toContain(good.id);
  });

  it('tells a contributor the review queue is not for them', async () => {
    const { karta, baseUrl } = suite;
    const contributor = await newContributor(baseUrl, 'E2E curious');
    await karta.forgetSession();
    await karta.openStaffScreen('/review');
    expect(await karta.staffGate()).toBe('sign-in');
    await karta.signInFromStaffPrompt({ email: contributor.email, password: contributor.password });
    expect(await karta.staffGate()).toBe('not-allowed');
  });
});
