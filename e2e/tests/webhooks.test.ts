import { once } from 'node:events';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { adminApi, newAdmin, newContributor } from '../support/accounts.ts';
import { axeViolations } from '../support/axe.ts';
import { describeInBrowser } from '../support/browser-suite.ts';
import { WebhooksPageDriver } from '../support/webhooks-page.ts';

interface Received {
  body: string;
  headers: IncomingHttpHeaders;
}

/** A partner's receiver on this machine: it keeps what it is sent and answers 204. */
const received: Received[] = [];
const receiver = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    received.push({ body: Buffer.concat(chunks).toString('utf8'), headers: request.headers });
    response.writeHead(204).end();
  });
});

beforeAll(async () => {
  receiver.listen(0, '127.0.0.1');
  await once(receiver, 'listening');
});
afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

describeInBrowser(
  'admins’ webhooks',
  (suite) => {
    it('at 375 px, an admin adds a webhook from the menu, sees its secret once, and a place published is delivered, signed, and logged as delivered', async () => {
      const { karta, page, baseUrl } = suite;
      const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/karta-hook`;
      const staff = await newAdmin(baseUrl, 'E2E webhooks admin');
      const { api: admin } = await adminApi(baseUrl);

      await karta.resize(375, 812);
      await karta.forgetSession();
      await karta.openSignIn();
      await karta.signIn(staff);
      await karta.waitForSignedIn();
      const webhooks = new WebhooksPageDriver(page);
      await webhooks.openFromUserMenu();
      const secret = await webhooks.add(url, ['A place is published']);
      expect(secret).toMatch(/^whsec_/);
      expect(await webhooks.copySecret()).toBe('Copied');
      expect(await karta.clipboardText()).toBe(secret);
      expect(await axeViolations(page)).toEqual([]);
      await webhooks.doneWithSecret();
      expect(await page.getByText(secret).count()).toBe(0);
      const [made] = (await admin.listWebhooks()).items.filter((webhook) => webhook.url === url);
      if (!made) throw new Error(`No webhook for ${url}`);
      try {
        // A contributor's proposal, published by a moderator.
        const contributor = await newContributor(baseUrl, 'E2E webhook proposer');
        const { items: categories } = await contributor.api.categories();
        const proposed = await contributor.api.createPlace({
          categoryId: categories[0]?.id ?? 1,
          name: { en: `Webhook bakery ${Date.now().toString(36)}` },
          lat: 45.7042,
          lng: 16.3862,
        });
        await admin.transitionPlace(proposed.id, { to: 'published', version: proposed.version });

        const aboutIt = () =>
          received.find(
            (message) =>
              (JSON.parse(message.body) as { data?: { place?: { id?: number } } }).data?.place?.id ===
              proposed.id,
          );
        await expect.poll(() => aboutIt() !== undefined, { timeout: 20_000 }).toBe(true);
        const message = aboutIt() as Received;
        const payload = new Webhook(secret).verify(
          message.body,
          message.headers as Record<string, string>,
        ) as {
          type: string;
        };
        expect(payload.type).toBe('place.published');

        await webhooks.openDeliveries(url);
        await expect
          .poll(
            async () => (await webhooks.deliveries(url)).find((row) => row.href === `/places/${proposed.id}`),
            {
              timeout: 15_000,
            },
          )
          .toMatchObject({ state: 'Delivered', text: expect.stringContaining('A place is published') });
        expect(await axeViolations(page)).toEqual([]);
        // Nothing is wider than the phone: the address wraps.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      } finally {
        // The receiver stops with this file: later publications are not sent to it.
        await admin.deleteWebhook(made.id);
      }
    });
  },
  { clipboard: true },
);
