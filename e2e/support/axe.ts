import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/** What axe-core finds wrong on the page as it is now, one line per element. */
export async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.flatMap((violation) =>
    violation.nodes.map(
      (node) =>
        `${violation.id} (${violation.impact}) at ${node.target.join(' ')}: ${
          node.failureSummary?.split('\n').slice(1).join(' ').trim() ?? violation.help
        }`,
    ),
  );
}
