import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/** What axe-core finds wrong on the page as it is now (but `exclude`), one line per element. */
export async function axeViolations(page: Page, { exclude }: { exclude?: string } = {}): Promise<string[]> {
  // "Label in name" is still experimental in axe-core, so off by default: a control whose name
  // leaves out its visible text cannot be named by speech-input users (WCAG 2.5.3).
  const builder = new AxeBuilder({ page }).options({
    rules: { 'label-content-name-mismatch': { enabled: true } },
  });
  // A part checked on its own elsewhere (a frame of another of Karta's pages, say).
  if (exclude) builder.exclude(exclude);
  const results = await builder.analyze();
  return results.violations.flatMap((violation) =>
    violation.nodes.map(
      (node) =>
        `${violation.id} (${violation.impact}) at ${node.target.join(' ')}: ${
          node.failureSummary?.split('\n').slice(1).join(' ').trim() ?? violation.help
        }`,
    ),
  );
}
