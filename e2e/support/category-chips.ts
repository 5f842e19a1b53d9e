import type { Page } from 'playwright-core';

/**
 * Presses the category filter's chip named `name` (as shown, in either language). Asked for
 * inside the filter's group: a marker's accessible name names its category too, and markers are
 * toggle buttons as well.
 */
export async function pressCategoryChip(page: Page, name: string): Promise<void> {
  await page
    .getByRole('group', { name: /categor|kategorij/i })
    .getByRole('button', { name, exact: true })
    .click();
}
