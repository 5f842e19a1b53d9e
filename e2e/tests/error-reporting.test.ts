import type { Route } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeInBrowser } from '../support/browser-suite.ts';
import { receivedItems } from '../support/sentry.ts';

describeInBrowser('error reporting', (suite) => {
  it('sends an uncaught browser error to the Sentry endpoint, without the query string', async () => {
    const { karta, page, sentryUrl } = suite;
    await karta.openHome('?lat=45.8&lng=16&z=10&secret=hunter2');
    const marker = `e2e uncaught error ${Date.now()}`;
    await page.evaluate((message) => {
      setTimeout(() => {
        throw new Error(message);
      }, 0);
    }, marker);
    await expect
      .poll(async () => (await receivedItems(sentryUrl)).find((item) => item.raw.includes(marker)), {
        timeout: 15_000,
      })
      .toBeTruthy();
    const event = (await receivedItems(sentryUrl)).find(
      (item) => item.type === 'event' && item.raw.includes(marker),
    );
    expect(event?.payload.exception?.values?.[0]?.value).toBe(marker);
    expect(event?.raw).not.toContain('hunter2');
  });

  it('sends errors thrown while the page loads and right after, before the Sentry SDK has loaded', async () => {
    const { page, baseUrl, sentryUrl } = suite;
    const marker = `e2e early ${Date.now()}`;
    const sdkRequestedAt: number[] = [];
    page.on('request', (request) => {
      if (/\/assets\/sentry-client-[^/]*\.js$/.test(request.url())) sdkRequestedAt.push(Date.now());
    });
    // Thrown by a listener that runs once the page's scripts have run, before the load event.
    await page.addInitScript((message) => {
      document.addEventListener('DOMContentLoaded', () => {
        throw new Error(`${message}: while loading`);
      });
    }, marker);
    await page.goto(`${baseUrl}/`);
    const thrownAt = Date.now();
    const sdkLoaded = await page.evaluate((message) => {
      setTimeout(() => {
        throw new Error(`${message}: after load`);
      }, 0);
      void Promise.reject(new Error(`${message}: a rejection`));
      return '__SENTRY__' in window;
    }, marker);
    // The SDK was neither running nor requested when they were thrown.
    expect(sdkLoaded).toBe(false);
    expect(sdkRequestedAt.filter((at) => at <= thrownAt)).toEqual([]);

    const events = async () =>
      (await receivedItems(sentryUrl)).filter((item) => item.type === 'event' && item.raw.includes(marker));
    await expect.poll(async () => (await events()).length, { timeout: 20_000 }).toBe(3);
    const messages = (await events()).map((item) => item.payload.exception?.values?.[0]?.value).sort();
    expect(messages).toEqual([`${marker}: a rejection`, `${marker}: after load`, `${marker}: while loading`]);
    expect(sdkRequestedAt).toHaveLength(1);
  });

  it('sends an error the app catches in its very first render, before it has read where errors go', async () => {
    const { page, baseUrl, sentryUrl } = suite;
    const before = (await receivedItems(sentryUrl)).length;
    // A deployment whose config the page cannot draw: its first render fails in the header, the
    // error boundary around the whole app catches it, and nothing of the app is left to start
    // error reporting but main.tsx.
    // On the context, so the answer is changed whether the page or an earlier test's service
    // worker fetches it.
    const config = `${baseUrl}/api/v1/config`;
    const unfit = async (route: Route) => {
      const response = await route.fetch();
      const body = (await response.json()) as Record<string, unknown>;
      await route.fulfill({ response, json: { ...body, languages: null } });
    };
    await suite.session.context.route(config, unfit);
    try {
      await page.goto(`${baseUrl}/`);
      // The page says what happened, and the first view's map does not cover it.
      await page.getByRole('button', { name: 'Reload page' }).waitFor();
      expect(await page.locator('#first-view-map').count()).toBe(0);
    } finally {
      await suite.session.context.unroute(config, unfit);
    }

    const caught = async () =>
      (await receivedItems(sentryUrl))
        .slice(before)
        .filter((item) => item.type === 'event' && typeof item.payload.extra?.componentStack === 'string');
    await expect.poll(async () => (await caught()).length, { timeout: 20_000 }).toBeGreaterThan(0);
    expect((await caught())[0]?.payload.exception?.values?.[0]?.value).toMatch(/null/);
  });

  it('sends an unexpected server error to the Sentry endpoint, with the query string and cookies removed', async () => {
    const { page, baseUrl, sentryUrl } = suite;
    await page.context().addCookies([{ name: 'session', value: 'cookie-secret', url: baseUrl }]);
    const response = await page.goto(`${baseUrl}/api/v1/test/fault?email=ana.horvat@example.org`);
    expect(response?.status()).toBe(500);
    const body = (await response?.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('internal_error');
    expect(body.error.message).not.toContain('Deliberate');
    await expect
      .poll(
        async () => (await receivedItems(sentryUrl)).find((item) => item.raw.includes('Deliberate fault')),
        { timeout: 15_000 },
      )
      .toBeTruthy();
    const event = (await receivedItems(sentryUrl)).find(
      (item) => item.type === 'event' && item.raw.includes('Deliberate fault'),
    );
    expect(event?.raw).not.toContain('ana.horvat');
    expect(event?.raw).not.toContain('cookie-secret');
  });
});
