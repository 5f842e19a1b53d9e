import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { adminApi, newAdmin } from '../support/accounts.ts';
import { axeViolations } from '../support/axe.ts';
import { describeInBrowser } from '../support/browser-suite.ts';
import { ImportSourcesDriver } from '../support/import-sources-page.ts';

const tag = Date.now().toString(36);
/** A partner's list on this machine, in Karta's own column names (README, "Import and export"). */
const csv = [
  'externalId,name_en,lat,lng',
  `e2e-${tag}-1,Scheduled fountain ${tag},45.7101,16.3901`,
  `e2e-${tag}-2,Scheduled bench ${tag},45.7111,16.3911`,
  '',
].join('\r\n');
const partner = createServer((_request, response) => {
  response.writeHead(200, { 'content-type': 'text/csv' }).end(csv);
});

beforeAll(async () => {
  partner.listen(0, '127.0.0.1');
  await once(partner, 'listening');
});
afterAll(() => new Promise<void>((resolve) => partner.close(() => resolve())));

describeInBrowser('admins’ scheduled imports', (suite) => {
  it('at 375 px, an admin adds a partner’s list from the import page, runs it now, and sees the run with its counts', async () => {
    const { karta, page, baseUrl } = suite;
    const url = `http://127.0.0.1:${(partner.address() as AddressInfo).port}/places.csv`;
    const name = `Partner list ${tag}`;
    const staff = await newAdmin(baseUrl, 'E2E imports admin');
    const { api: admin } = await adminApi(baseUrl);
    const { items: categories } = await admin.categories();
    const category = categories[0];
    if (!category) throw new Error('No category');

    await karta.resize(375, 812);
    await karta.forgetSession();
    await karta.openSignIn();
    await karta.signIn(staff);
    await karta.waitForSignedIn();
    const sources = new ImportSourcesDriver(page);
    await sources.openFromUserMenu();
    await sources.add({ name, url, category: category.name.en ?? '', everyHours: '24', trusted: true });
    const [made] = (await admin.listImportSources()).items.filter((source) => source.name === name);
    if (!made) throw new Error(`No source ${name}`);
    try {
      expect(made).toMatchObject({
        url,
        format: 'csv',
        category: category.slug,
        everyHours: 24,
        trusted: true,
      });
      expect(await sources.runNow(name)).toContain('Queued');
      // The minute's tick may run the new source too: its run is then one more in the list.
      await expect
        .poll(() => sources.runs(name), { timeout: 20_000 })
        .toContainEqual({
          outcome: 'imported',
          counts: '2 new · 0 updated · 0 archived · 0 unchanged · 0 refused',
        });
      expect(await sources.lastRun(name)).toMatch(/ · (Imported|Not changed)$/);
      expect(await axeViolations(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    } finally {
      // No later scheduled run of this file's list.
      await admin.deleteImportSource(made.id);
    }
  });
});
