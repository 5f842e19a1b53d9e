import { chromium } from 'playwright-core';

const base = 'http://localhost:8091';
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
const shots = process.argv.slice(2);
let state: Awaited<ReturnType<import('playwright-core').BrowserContext['storageState']>> | undefined;
async function page(width: number, signedIn: boolean) {
  if (signedIn && !state) {
    const line = (await import('node:fs'))
      .readFileSync('/tmp/x/cj.txt', 'utf8')
      .split('\n')
      .find((l) => l.includes('karta_session') || (l.split('\t').length >= 7 && !l.startsWith('# ')));
    const parts = (line ?? '').split('\t');
    state = {
      cookies: [
        {
          name: parts[5] ?? '',
          value: parts[6] ?? '',
          domain: 'localhost',
          path: '/',
          expires: -1,
          httpOnly: true,
          secure: false,
          sameSite: 'Lax',
        },
      ],
      origins: [],
    };
  }
  const context = await browser.newContext({
    viewport: { width, height: width < 500 ? 800 : 900 },
    locale: 'en',
    ...(signedIn ? { storageState: state } : {}),
  });
  return context.newPage();
}
for (const width of [375, 768, 1280]) {
  if (shots.includes('place')) {
    const p = await page(width, false);
    await p.goto(`${base}/places/1`);
    await p.getByTestId('photo-gallery').waitFor();
    await p.waitForTimeout(800);
    await p.screenshot({ path: `/tmp/x/shots/place-${width}.png`, fullPage: true });
    await p.getByTestId('photo-open').first().click();
    await p.getByTestId('photo-viewer').waitFor();
    await p.waitForTimeout(500);
    await p.screenshot({ path: `/tmp/x/shots/viewer-${width}.png` });
    await p.context().close();
  }
  if (shots.includes('hours')) {
    const p = await page(width, false);
    await p.goto(`${base}/places/1`);
    await p.getByTestId('open-state').waitFor();
    await p.getByTestId('open-state').scrollIntoViewIfNeeded();
    await p.screenshot({ path: `/tmp/x/shots/hours-place-${width}.png` });
    await p.context().close();
    const e = await page(width, true);
    await e.goto(`${base}/places/1/edit`);
    const field = e.locator('input[name="openingHours"], [data-field="openingHours"] input').first();
    await e.getByTestId('place-form').waitFor();
    await e.getByText('Opening hours').first().scrollIntoViewIfNeeded();
    await e.screenshot({ path: `/tmp/x/shots/hours-edit-${width}.png` });
    await e.context().close();
    void field;
  }
  if (shots.includes('info')) {
    const p = await page(width, false);
    await p.goto(`${base}/?lat=45.8131&lng=15.9775&z=16&place=1`);
    await p
      .getByTestId('info-photo')
      .waitFor({ timeout: 15000 })
      .catch(() => {});
    await p.waitForTimeout(1500);
    await p.screenshot({ path: `/tmp/x/shots/info-${width}.png` });
    await p.context().close();
  }
  if (shots.includes('edit')) {
    const p = await page(width, true);
    await p.goto(`${base}/places/1/edit`);
    await p.getByTestId('photo-manager').waitFor();
    await p.waitForTimeout(800);
    await p.screenshot({ path: `/tmp/x/shots/edit-${width}.png`, fullPage: true });
    await p.context().close();
  }
  if (shots.includes('review')) {
    const p = await page(width, true);
    await p.goto(`${base}/review`);
    await p.getByTestId('photo-review').waitFor();
    await p.waitForTimeout(800);
    await p.screenshot({ path: `/tmp/x/shots/review-${width}.png`, fullPage: true });
    await p.context().close();
  }
}
await browser.close();
