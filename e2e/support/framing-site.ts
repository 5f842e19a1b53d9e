import { createServer, type Server } from 'node:http';
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { freePort } from './free-port.ts';

/**
 * Another site, on another local origin (127.0.0.1 on a port of its own), whose pages hold whatever
 * HTML a test gives them: to frame Karta's pages the way a partner's site would.
 */
export class FramingSite {
  private readonly pages = new Map<string, string>();
  private count = 0;

  private constructor(
    private readonly server: Server,
    readonly origin: string,
  ) {}

  static async start(): Promise<FramingSite> {
    const port = await freePort();
    let site: FramingSite | undefined;
    const server = createServer((request, response) => {
      const html = site?.pages.get((request.url ?? '/').split('?')[0] ?? '/');
      response.writeHead(html === undefined ? 404 : 200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(html ?? 'Not found');
    });
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    site = new FramingSite(server, `http://127.0.0.1:${port}`);
    return site;
  }

  /** The browser suite answers unknown origins itself: let this one through to the real server. */
  async allowIn(context: BrowserContext): Promise<void> {
    await context.route(
      (url) => url.origin === this.origin,
      (route) => route.continue(),
    );
  }

  /** Publishes a page whose body is `body` (e.g. an `<iframe>` code) and returns its address. */
  page(body: string): string {
    this.count += 1;
    const path = `/page-${this.count}`;
    this.pages.set(
      path,
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>A partner's site</title></head><body style="margin:0;padding:16px;font-family:sans-serif">
<h1>A partner's site</h1>${body}<p>After the map.</p></body></html>`,
    );
    return `${this.origin}${path}`;
  }

  /** A page framing `src` the way the share dialog's code does (100% wide, 400 px high). */
  framing(src: string): string {
    const escaped = src.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
    return this.page(
      `<iframe src="${escaped}" width="100%" height="400" style="border:0" title="Karta"></iframe>`,
    );
  }

  /** Stops the site, dropping the browser's kept-alive connections rather than waiting them out. */
  close(): Promise<void> {
    return new Promise((resolve) => {
      this.server.close(() => resolve());
      this.server.closeAllConnections();
    });
  }
}

/**
 * A framing site for the tests of one `describe`: started and allowed in the browser before them,
 * closed after them. Returns how to reach it from a test.
 */
export function framingSiteFor(suite: { session: { context: BrowserContext } }): () => FramingSite {
  let site: FramingSite | undefined;
  beforeAll(async () => {
    site = await FramingSite.start();
    await site.allowIn(suite.session.context);
  });
  afterAll(async () => {
    await site?.close();
  });
  return () => {
    if (!site) throw new Error('No framing site');
    return site;
  };
}
