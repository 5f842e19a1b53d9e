import type { Page } from 'playwright-core';

/** A file as a person picks it: its name, type and bytes. */
export interface PickedFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/**
 * Drives Karta's photo screens the way a person uses them: choosing files in the photo manager,
 * describing a photo, moving the pin where a photo was taken, the gallery and its viewer, and the
 * review queue's photos. Specs talk to this, never to raw selectors.
 */
export class PhotoPage {
  constructor(readonly page: Page) {}

  /**
   * Chooses `files` in the photo manager and waits until each is added or refused. Returns, per
   * file, every state its row went through (waiting, resizing, uploading, processing, done or
   * failed), recorded in the page as they happened.
   */
  async upload(files: PickedFile[]): Promise<string[][]> {
    await this.page.getByTestId('photo-manager').waitFor();
    const before = await this.page.getByTestId('photo-upload').count();
    await this.page.evaluate(() => {
      const seen: string[][] = [];
      (window as unknown as { photoStates: string[][] }).photoStates = seen;
      const record = () => {
        document.querySelectorAll<HTMLElement>('[data-testid=photo-upload]').forEach((row, index) => {
          const states = seen[index] ?? [];
          seen[index] = states;
          const state = row.dataset.state ?? '';
          if (states.at(-1) !== state) states.push(state);
        });
      };
      new MutationObserver(record).observe(document.body, {
        subtree: true,
        childList: true,
        attributes: true,
        attributeFilter: ['data-state'],
      });
    });
    await this.page.getByTestId('photo-input').setInputFiles(files);
    await this.page.waitForFunction(
      (expected) => {
        const all = [...document.querySelectorAll<HTMLElement>('[data-testid=photo-upload]')];
        return (
          all.length >= expected && all.every((row) => ['done', 'failed'].includes(row.dataset.state ?? ''))
        );
      },
      before + files.length,
      { timeout: 30_000 },
    );
    const states = await this.page.evaluate(
      () => (window as unknown as { photoStates: string[][] }).photoStates,
    );
    return states.slice(before);
  }

  /** The message shown under the upload row `index` (a refusal), or ''. */
  async uploadError(index: number): Promise<string> {
    const alert = this.page.getByTestId('photo-upload').nth(index).getByRole('alert');
    return (await alert.count()) > 0 ? alert.innerText() : '';
  }

  /** The pin suggestion's text, once it shows. */
  async pinSuggestion(): Promise<string> {
    return this.page.getByTestId('photo-pin-suggestion').innerText({ timeout: 10_000 });
  }

  async movePinToPhoto(): Promise<void> {
    await this.page.getByTestId('photo-pin-move').click();
  }

  /** Writes what photo `index` of the manager shows, in `language`, and saves it. */
  async describe(index: number, language: string, text: string): Promise<void> {
    const item = this.page.getByTestId('photo-editor-item').nth(index);
    await item.getByTestId(`photo-alt-${language}`).fill(text);
    await item.getByTestId('photo-save').click();
    await item.getByRole('status').filter({ hasText: /\S/ }).waitFor();
  }

  /**
   * The review queue's photos: publishes the first one shown of the place named `placeName`
   * (other files' photos may wait in the same queue, some without the alt text publishing needs).
   */
  async publishFirstInReview(placeName: string): Promise<void> {
    const first = this.page.getByTestId('photo-review-item').filter({ hasText: placeName }).first();
    const id = await first.getByTestId('photo-editor-item').getAttribute('data-photo-id');
    const item = this.page.locator(`[data-testid=photo-review-item]:has([data-photo-id="${id}"])`);
    await item.getByTestId('photo-publish').click();
    try {
      await item.waitFor({ state: 'detached', timeout: 10_000 });
    } catch (error) {
      throw new Error(`The photo stayed in the queue: ${await item.innerText()}`, { cause: error });
    }
  }

  /**
   * In the review queue, types what the photo `id` shows in `language` and presses Publish at once,
   * without its Save; waits until it has left the queue.
   */
  async describeAndPublishInReview(id: number, language: string, text: string): Promise<void> {
    const item = this.page.locator(`[data-testid=photo-review-item]:has([data-photo-id="${id}"])`);
    await item.getByTestId(`photo-alt-${language}`).fill(text);
    await item.getByTestId('photo-publish').click();
    try {
      await item.waitFor({ state: 'detached', timeout: 10_000 });
    } catch (error) {
      throw new Error(`The photo stayed in the queue: ${await item.innerText()}`, { cause: error });
    }
  }

  async reviewCount(): Promise<number> {
    return this.page.getByTestId('photo-review-item').count();
  }

  /** Moves the keyboard focus to the gallery's first thumbnail, with Tab, as a keyboard user would. */
  async tabToFirstThumbnail(maxTabs = 60): Promise<void> {
    for (let i = 0; i < maxTabs; i += 1) {
      await this.page.keyboard.press('Tab');
      const focused = await this.page.evaluate(() => document.activeElement?.getAttribute('data-testid'));
      if (focused === 'photo-open') return;
    }
    throw new Error('Tab never reached a photo of the gallery');
  }

  /** What the focused element is (its test id and accessible name). */
  async focused(): Promise<{ testId: string | null; label: string | null }> {
    return this.page.evaluate(() => ({
      testId: document.activeElement?.getAttribute('data-testid') ?? null,
      label: document.activeElement?.getAttribute('aria-label') ?? null,
    }));
  }

  /** The open viewer's title, caption and credit, or null when it is closed. */
  async viewer(): Promise<{ title: string; caption: string; credit: string; src: string } | null> {
    const dialog = this.page.getByTestId('photo-viewer');
    if ((await dialog.count()) === 0) return null;
    return {
      title: await dialog.getByRole('heading').innerText(),
      caption: await dialog.getByTestId('photo-caption').innerText(),
      credit: await dialog.getByTestId('photo-credit').innerText(),
      src: (await dialog.getByTestId('photo-large').getAttribute('src')) ?? '',
    };
  }

  /**
   * The page's cumulative layout shift so far (Chromium's layout-shift entries not caused by
   * input), once every image on it has loaded. Lighthouse shows below 0.001 as 0; what is left
   * there is the header's text as the web font replaces the fallback (a few thousandths of a
   * pixel's worth); a photo that took no room until it loaded would move the page below it by
   * a hundredth or more.
   */
  async layoutShift(): Promise<number> {
    await this.page.evaluate(() =>
      Promise.all([...document.images].map((image) => image.decode().catch(() => undefined))),
    );
    return this.page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          let sum = 0;
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries() as (PerformanceEntry & {
              value: number;
              hadRecentInput: boolean;
            })[]) {
              if (!entry.hadRecentInput) sum += entry.value;
            }
          }).observe({ type: 'layout-shift', buffered: true });
          setTimeout(() => resolve(sum), 300);
        }),
    );
  }

  /** Waits until the large photo in the viewer has loaded; returns its natural size. */
  async viewerImageSize(): Promise<{ width: number; height: number }> {
    const image = this.page.getByTestId('photo-viewer').getByTestId('photo-large');
    await image.evaluate((element: HTMLImageElement) => element.decode());
    return image.evaluate((element: HTMLImageElement) => ({
      width: element.naturalWidth,
      height: element.naturalHeight,
    }));
  }
}
