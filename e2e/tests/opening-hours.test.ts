import { MapResponse } from '@karta/contracts';
import { expect, it } from 'vitest';
import { newContributor, newModerator } from '../support/accounts.ts';
import { describeInBrowser } from '../support/browser-suite.ts';

/** `HH:MM` in Zagreb (the e2e server's TIME_ZONE, the default) at `instant`. */
function zagrebTime(instant: number): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Zagreb',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(instant);
}

const MINUTE = 60_000;

describeInBrowser('opening hours and freshness', (suite) => {
  it('"Open now only" keeps only the open places on the map and in the list, and in the link', async () => {
    const { page, karta } = suite;
    const view = '?lat=45.81&lng=15.98&z=12';
    const everything = await karta.openHomeReadingMapData(view);
    const drawn = (answer: MapResponse) =>
      answer.places.length + answer.clusters.reduce((sum, cluster) => sum + cluster.count, 0);

    const answered = page.waitForResponse(
      (response) => response.url().includes('/api/v1/map') && response.url().includes('openNow=true'),
    );
    await page.getByTestId('open-now-switch').click();
    const openOnly = MapResponse.parse(await (await answered).json());
    expect(await page.getByTestId('open-now-switch').getAttribute('aria-checked')).toBe('true');
    await expect.poll(() => new URL(page.url()).searchParams.get('open')).toBe('now');
    // Fewer places, and the clusters drawn are the open ones' (what the server counted for them).
    expect(drawn(openOnly)).toBeLessThan(drawn(everything));
    await expect
      .poll(async () => (await karta.clusters()).reduce((sum, cluster) => sum + cluster.count, 0))
      .toBe(openOnly.clusters.reduce((sum, cluster) => sum + cluster.count, 0));
    // Every place listed is open now.
    await page.getByTestId('place-list-item').first().waitFor();
    const states = await page
      .getByTestId('place-list-item')
      .getByTestId('open-state')
      .evaluateAll((labels) => labels.map((label) => label.getAttribute('data-state')));
    expect(states.length).toBeGreaterThan(0);
    expect(new Set(states)).toEqual(new Set(['open']));
  });

  it('a visitor says an old place is still here, which waits for others; a moderator checks the places nobody confirmed', async () => {
    const { page, baseUrl, karta } = suite;
    // Two demo places nobody has confirmed for over a year, from the head of the moderators' queue.
    const moderator = await newModerator(baseUrl, 'E2E checking moderator');
    const queue = await moderator.api.needsChecking({ limit: 50 });
    const [old, other] = queue.items.filter((place) => place.stale && place.notHereCount === 0);
    expect(other).toBeDefined();
    await karta.openPlacePage(old?.id ?? 0);
    await expect
      .poll(() => page.getByTestId('confirmed').innerText())
      .toMatch(/^May be out of date: last confirmed /);
    await page.getByTestId('still-here-yes').click();
    // One visitor alone does not make a place fresh: a script could say it again and again.
    await expect
      .poll(() => page.getByTestId('still-here-answer').innerText())
      .toBe('Thank you: noted. It shows as confirmed once a few more people say it is still here.');
    expect(await page.getByTestId('confirmed').innerText()).toMatch(/^May be out of date: last confirmed /);

    // The moderators' queue holds both, until a moderator checks one.
    await karta.openSignIn('/checking');
    await karta.signIn({ email: moderator.email, password: moderator.password });
    await page.getByTestId('needs-checking').waitFor();
    const queued = await page
      .getByTestId('needs-checking-item')
      .evaluateAll((items) => items.map((item) => Number(item.getAttribute('data-place-id'))));
    expect(queued).toContain(other?.id);
    expect(queued).toContain(old?.id);
    const row = page.locator(`[data-testid=needs-checking-item][data-place-id="${other?.id}"]`);
    await row.getByTestId('check-still-here').click();
    await expect.poll(() => row.count()).toBe(0);
    const contributor = await newContributor(baseUrl, 'E2E reader');
    expect((await contributor.api.getPlace(other?.id ?? 0)).stale).toBe(false);
  });
  it('a contributor sets the hours with the weekly picker, by keyboard, sees the coming week before saving, and finds them in the picker again', async () => {
    const { page, baseUrl, karta } = suite;
    const contributor = await newContributor(baseUrl, 'E2E hours contributor');
    const { items: categories } = await contributor.api.categories();
    const place = await contributor.api.createPlace({
      categoryId: categories[0]?.id ?? 1,
      name: { en: `Hours picked ${Date.now().toString(36)}` },
      lat: 45.8,
      lng: 15.95,
    });
    await karta.forgetSession();
    await karta.openSignIn(`/places/${place.id}/edit`);
    await karta.signIn({ email: contributor.email, password: contributor.password });
    // A place without hours has them "not known" until the contributor chooses to enter them.
    await page.getByTestId('hours-unknown').waitFor();
    expect(await page.getByTestId('hours-unknown').isChecked()).toBe(true);
    await page.getByTestId('hours-known').check();
    await page.getByTestId('hours-picker').waitFor();

    // Monday 08:00–16:00 (the picker's first guess), the same Tuesday to Friday.
    await page.getByRole('button', { name: 'Add hours on Monday' }).focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('hours-copy-weekdays').focus();
    await page.keyboard.press('Enter');
    // Saturday 09:00–12:00, typed.
    await page.getByRole('button', { name: 'Add hours on Saturday' }).click();
    await page.getByLabel('Saturday: opens at').fill('09:00');
    await page.getByLabel('Saturday: closes at').fill('12:00');
    await page.getByTestId('hours-holidays-off').focus();
    await page.keyboard.press('Space');
    expect(await karta.placeField('openingHours')).toBe('Mo-Fr 08:00-16:00; Sa 09:00-12:00; PH off');

    // The preview reads the week as the server does: seven days, today first.
    const preview = page.getByTestId('hours-preview').getByTestId('week-table');
    await expect.poll(() => preview.locator('tr').count()).toBe(7);
    expect(await preview.locator('tr[aria-current=date]').count()).toBe(1);

    // An expert's edit of the text is read too: the library's advice shows, and does not block,
    // and the picker shows the week as the server reads it.
    await karta.fillPlaceField('openingHours', 'Mon-Fri 08:00-16:00');
    await expect.poll(() => page.getByTestId('hours-warnings').innerText()).toMatch(/"Mo"/);
    await expect.poll(() => page.getByLabel('Saturday: opens at').count()).toBe(0);
    expect(await page.getByLabel('Friday: closes at').inputValue()).toBe('16:00');
    expect(await page.getByTestId('hours-holidays-off').isChecked()).toBe(false);
    // Hours the picker cannot hold leave it empty, and it says why.
    await karta.fillPlaceField('openingHours', 'Mo-Fr 08:00-16:00; Jan off');
    await page.getByTestId('hours-text-note').waitFor();
    expect(await page.getByLabel('Monday: opens at').count()).toBe(0);
    await karta.fillPlaceField('openingHours', 'Mo-Fr 08:00-16:00; Sa 09:00-12:00; PH off');
    await karta.savePlace();
    await page.waitForURL(/\/my-submissions/);
    expect((await contributor.api.getPlace(place.id)).openingHours).toBe(
      'Mo-Fr 08:00-16:00; Sa 09:00-12:00; PH off',
    );

    // Editing again, the picker starts from the saved hours.
    await page.goto(`${baseUrl}/places/${place.id}/edit`);
    await expect.poll(() => page.getByLabel('Saturday: opens at').count()).toBe(1);
    expect(await page.getByLabel('Saturday: opens at').inputValue()).toBe('09:00');
    expect(await page.getByLabel('Wednesday: closes at').inputValue()).toBe('16:00');
    expect(await page.getByLabel('Sunday: opens at').count()).toBe(0);
    expect(await page.getByTestId('hours-holidays-off').isChecked()).toBe(true);
    expect(await page.getByTestId('hours-text-note').count()).toBe(0);
  });

  it('a place open now says when it closes, and says closed at that minute, without a reload', async () => {
    const { page, baseUrl, karta } = suite;
    const moderator = await newModerator(baseUrl, 'E2E hours moderator');
    const { items: categories } = await moderator.api.categories();
    // Open every day from an hour ago until the start of the minute after next (past midnight too).
    const now = Date.now();
    const closing = Math.ceil((now + MINUTE) / MINUTE) * MINUTE + MINUTE;
    const hours = `${zagrebTime(now - 60 * MINUTE)}-${zagrebTime(closing)}`;
    const created = await moderator.api.createPlace({
      categoryId: categories[0]?.id ?? 1,
      name: { en: `Corner shop ${now.toString(36)}` },
      lat: 45.79,
      lng: 15.94,
      openingHours: hours,
    });
    const place = await moderator.api.transitionPlace(created.id, {
      to: 'published',
      version: created.version,
    });
    expect(place.openState).toMatchObject({ state: 'open', until: new Date(closing).toISOString() });

    // The page's clock is the browser's own, driven here: it runs from now. (The clock is the
    // browser context's, so this test comes last in its file and lets it run again at its end.)
    await page.clock.install({ time: now });
    await karta.openPlacePage(place.id);
    const state = page.getByTestId('open-state');
    await expect.poll(() => state.getAttribute('data-state')).toBe('open');
    expect(await state.innerText()).toBe(`Open · closes ${zagrebTime(closing)}`);

    // A second before the minute it is still open; at the minute it is closed.
    await page.clock.pauseAt(closing - 1000);
    expect(await state.getAttribute('data-state')).toBe('open');
    await page.clock.runFor(1500);
    await expect.poll(() => state.getAttribute('data-state')).toBe('closed');
    // And stays so when the page reads the place again a moment later (the server's clock is behind).
    await page.clock.runFor(5000);
    await page.waitForLoadState('networkidle');
    expect(await state.getAttribute('data-state')).toBe('closed');
    expect(await state.innerText()).toMatch(/^Closed/);
    await page.clock.resume();
  });
});
