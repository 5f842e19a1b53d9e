import { expect, it } from 'vitest';
import { newContributor } from '../support/accounts.ts';
import { placeShownAsMarker, viewOf } from '../support/api.ts';
import { describeInBrowser } from '../support/browser-suite.ts';
import { watchConsoleErrors } from '../support/console-log.ts';

describeInBrowser('the browser console', (suite) => {
  it('stays free of errors for a visitor: no refused /auth/me, no CSP report from zod', async () => {
    const { karta, page, baseUrl } = suite;
    const errors = await watchConsoleErrors(page);
    const { place } = await placeShownAsMarker(baseUrl, 16);
    await karta.openHome(viewOf(place, 16, place.id));
    await karta.infoWindow().waitFor();
    await karta.openSignIn();
    await page.waitForLoadState('networkidle');
    expect(errors).toEqual([]);
  });

  it('stays free of errors while a contributor fills in the place form (zod checks it in the page)', async () => {
    const { karta, page, baseUrl } = suite;
    const contributor = await newContributor(baseUrl, 'Console contributor');
    const errors = await watchConsoleErrors(page);
    await karta.openSignIn('/propose');
    await karta.signIn(contributor);
    await karta.waitForSignedIn();
    await karta.waitForPickerMap();
    await karta.clickPickerMap(30, 30);
    await karta.fillPlaceField('name-en', 'Console bakery');
    await karta.savePlace();
    await page.waitForLoadState('networkidle');
    expect(errors).toEqual([]);
  });
});
