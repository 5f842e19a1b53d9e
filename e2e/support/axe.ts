import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/** What axe-core finds wrong on the page as it is now, one line per element. */
export async function axeViolations(page: Page): Promise<string[]> {
  // "Label in name" is still experimental in axe-core, so off by default: a control whose name
  // leaves out its visible text cannot be named by speech-input users (WCAG 2.5.3).
  const results = await new AxeBuilder({ page })
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .analyze();
  return results.violations.flatMap((violation) =>
    violation.nodes.map(
      (node) =>
        `${violation.id} (${violation.impact}) at ${node.target.join(' ')}: ${
          node.failureSummary?.split('\n').slice(1).join(' ').trim() ?? violation.help
        }`,
    ),
  );
}
