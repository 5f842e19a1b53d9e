import type { Frame, Page } from 'playwright-core';
import { expect } from 'vitest';

/** Share → Embed, the embed's builder, on the home page. */
export class EmbedBuilderDriver {
  constructor(readonly page: Page) {}

  dialog() {
    return this.page.getByTestId('embed-builder');
  }

  /** From the open share dialog, "Customise the embed". */
  async open(): Promise<void> {
    await this.page.getByTestId('customise-embed').click();
    await this.dialog().waitFor();
  }

  async chooseCategory(slug: string): Promise<void> {
    await this.page.getByTestId(`embed-category-${slug}`).check();
  }

  async tick(option: 'list' | 'fullscreen' | 'propose'): Promise<void> {
    await this.page.getByTestId(`embed-${option}-option`).check();
  }

  async code(): Promise<string> {
    return this.page.getByTestId('embed-builder-code').inputValue();
  }

  async link(): Promise<URL> {
    return new URL(await this.page.getByTestId('embed-builder-link').inputValue());
  }

  /** Copies the code and returns the confirmation shown. */
  async copyCode(): Promise<string> {
    await this.page.getByTestId('embed-builder-copy-code').click();
    const toast = this.page.getByTestId('toast');
    await expect.poll(async () => (await toast.innerText()).trim()).not.toBe('');
    return (await toast.innerText()).trim();
  }

  /** The preview's frame once its address holds `search` (the options it follows). */
  async previewShowing(search: string): Promise<Frame> {
    const preview = this.page.getByTestId('embed-preview');
    await expect
      .poll(async () => new URL((await preview.getAttribute('src')) ?? '', 'http://x').search, {
        timeout: 10_000,
      })
      .toBe(search);
    const frame = await (await preview.elementHandle())?.contentFrame();
    if (!frame) throw new Error('The preview has no frame');
    return frame;
  }
}
