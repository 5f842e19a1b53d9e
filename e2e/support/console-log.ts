import type { Page } from 'playwright-core';

/**
 * Records what the page reports as errors from now on: console errors (the browser's own too, such
 * as a refused request), uncaught exceptions, and Content-Security-Policy violations (reported as
 * events even when the script catches what the policy refused, so not always in the console).
 */
export async function watchConsoleErrors(page: Page): Promise<string[]> {
  const seen: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') seen.push(message.text());
  });
  page.on('pageerror', (error) => seen.push(`uncaught: ${error.message}`));
  await page.exposeBinding('__kartaCspViolation', (_source, text: string) => {
    seen.push(`CSP: ${text}`);
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __kartaCspViolation(text: string): void }).__kartaCspViolation;
      report(
        `${event.effectiveDirective} refused ${event.blockedURI} (${event.sourceFile}:${event.lineNumber})`,
      );
    });
  });
  return seen;
}
