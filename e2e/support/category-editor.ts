import type { Locator, Page } from 'playwright-core';

/** A field as the editor's cards list it. */
export interface ListedField {
  key: string;
  name: string;
}

/** One option of a choice field: its label in each of the site's languages. */
export interface OptionLabels {
  hr: string;
  en: string;
}

/** Where one element is drawn, for the layout checks. */
export interface DrawnBox {
  what: string;
  left: number;
  right: number;
  width: number;
  height: number;
}

/**
 * Drives the field editor of a category on the categories screen (`/categories`) the way a
 * moderator uses it: opening a category's form, adding a field and its options, reading the
 * preview and the problems, and measuring how the editor fits the screen. Specs talk to this,
 * never to raw selectors.
 */
export class CategoryEditor {
  constructor(
    readonly page: Page,
    readonly slug: string,
  ) {}

  private row(): Locator {
    return this.page.locator(`[data-testid=category-row][data-slug="${this.slug}"]`);
  }

  private form(): Locator {
    return this.row().getByTestId('category-form');
  }

  /** A field's card by its key (a new field's key is the one suggested from its label). */
  card(key: string): Locator {
    return this.form().locator(`[data-testid=field-card][data-key="${key}"]`);
  }

  /** Opens the category's form (Edit in its row) and waits for its fields editor. */
  async open(): Promise<void> {
    const row = this.row();
    await row.waitFor({ timeout: 15_000 });
    await row.scrollIntoViewIfNeeded();
    await row.getByTestId('edit-category').click();
    await this.form().getByTestId('fields-editor').waitFor();
  }

  /** The row's line naming the category's fields ("Fields: Indoor, Access"); '' when it has none. */
  async summary(): Promise<string> {
    const line = this.row().getByTestId('category-fields-summary');
    return (await line.count()) > 0 ? (await line.innerText()).trim() : '';
  }

  /** The fields the form lists, in order. */
  async fields(): Promise<ListedField[]> {
    return this.form()
      .getByTestId('field-card')
      .evaluateAll((cards) =>
        cards.map((card) => ({
          key: card.getAttribute('data-key') ?? '',
          name: card.querySelector('[data-testid=field-name]')?.textContent?.trim() ?? '',
        })),
      );
  }

  /**
   * Adds a field: its labels (the key follows the English one), its type by its visible name
   * ("Yes/no", "One choice"), and whether it is filterable. Returns the suggested key.
   */
  async addField(labels: OptionLabels, typeName: string, filterable: boolean): Promise<string> {
    const form = this.form();
    const before = await form.getByTestId('field-card').count();
    await form.getByTestId('add-field').click();
    const card = form.getByTestId('field-card').nth(before);
    await card.getByTestId('field-label-hr').fill(labels.hr);
    await card.getByTestId('field-label-en').fill(labels.en);
    await card.getByTestId('field-type').selectOption({ label: typeName });
    if (filterable) await card.getByTestId('field-filterable').check();
    return card.getByTestId('field-key').inputValue();
  }

  /** Gives a choice field its options (the first one is there already), in order. */
  async setOptions(key: string, options: readonly OptionLabels[]): Promise<string[]> {
    const card = this.card(key);
    for (const [index, option] of options.entries()) {
      if (index >= (await card.getByTestId('field-option').count())) {
        await card.getByTestId('add-option').click();
      }
      const row = card.getByTestId('field-option').nth(index);
      await row.getByTestId('option-label-hr').fill(option.hr);
      await row.getByTestId('option-label-en').fill(option.en);
    }
    return card
      .getByTestId('option-value')
      .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
  }

  async setFilterable(key: string, filterable: boolean): Promise<void> {
    await this.card(key).getByTestId('field-filterable').setChecked(filterable);
  }

  /** Moves a field one place up with the keyboard: its button focused, then Enter. */
  async moveUpWithKeyboard(key: string): Promise<void> {
    await this.card(key).getByTestId('move-field-up').focus();
    await this.page.keyboard.press('Enter');
  }

  async setType(key: string, typeName: string): Promise<void> {
    await this.card(key).getByTestId('field-type').selectOption({ label: typeName });
  }

  /** Opens or closes a field's card (its heading is the button). */
  async toggle(key: string): Promise<void> {
    await this.card(key).getByTestId('field-toggle').click();
  }

  /** The preview of a field, per language: what each column says, in its own words. */
  async preview(key: string): Promise<Record<string, string>> {
    const columns = this.card(key).getByTestId('field-preview-language');
    return Object.fromEntries(
      await columns.evaluateAll((items) =>
        items.map((item) => [
          item.getAttribute('data-language') ?? '',
          (item as HTMLElement).innerText.replace(/\s+/g, ' ').trim(),
        ]),
      ),
    );
  }

  /** The problems shown in a field's card, as read. */
  async problems(key: string): Promise<string[]> {
    return this.card(key)
      .getByTestId('field-problem')
      .evaluateAll((items) => items.map((item) => (item as HTMLElement).innerText.trim()));
  }

  /** The test id of the element that has the focus, and the key of the card it is in. */
  async focus(): Promise<{ testId: string | null; key: string | null }> {
    return this.page.evaluate(() => {
      const active = document.activeElement;
      return {
        testId: active?.getAttribute('data-testid') ?? null,
        key: active?.closest('[data-testid=field-card]')?.getAttribute('data-key') ?? null,
      };
    });
  }

  async save(): Promise<void> {
    await this.form().getByTestId('save-category').click();
  }

  /** Waits for the form to close after a save, and returns the toast's words. */
  async savedToast(): Promise<string> {
    await this.form().waitFor({ state: 'detached', timeout: 15_000 });
    const toast = this.page.getByTestId('toast');
    await toast.waitFor();
    return (await toast.innerText()).trim();
  }

  /**
   * How the open form fits the screen: the page's width and the viewport's, every drawn element
   * of the form that reaches past either edge, the buttons and boxes smaller than 44 px to tap,
   * and whether Save is on screen and the topmost thing at its middle (nothing covers it) as the
   * page is scrolled now.
   */
  async layout(): Promise<{
    viewport: number;
    scrollWidth: number;
    outside: DrawnBox[];
    smallTargets: DrawnBox[];
    saveReachable: boolean;
  }> {
    return this.form().evaluate((form) => {
      const name = (element: Element) =>
        `${element.tagName.toLowerCase()}${element.getAttribute('data-testid') ? `[${element.getAttribute('data-testid')}]` : ''} “${(element.textContent ?? '').trim().slice(0, 30)}”`;
      const boxOf = (element: Element) => {
        const box = element.getBoundingClientRect();
        return {
          what: name(element),
          left: box.left,
          right: box.right,
          width: box.width,
          height: box.height,
        };
      };
      const drawn = [...form.querySelectorAll('*')].filter((element) => {
        const box = element.getBoundingClientRect();
        return (
          box.width > 0 && box.height > 0 && !element.closest('.sr-only') && !element.matches('.sr-only')
        );
      });
      const viewport = document.documentElement.clientWidth;
      const outside = drawn.filter((element) => {
        const box = element.getBoundingClientRect();
        return box.left < -0.5 || box.right > viewport + 0.5;
      });
      // Visible controls one taps: buttons, text boxes and lists (a radio or checkbox is tapped by its label).
      const targets = drawn.filter((element) =>
        element.matches('button, select, textarea, input:not([type=radio]):not([type=checkbox])'),
      );
      const smallTargets = targets.filter((element) => element.getBoundingClientRect().height < 43.5);
      const save = form.querySelector('[data-testid=save-category]');
      const saveBox = save?.getBoundingClientRect();
      const hit =
        saveBox &&
        document.elementFromPoint(saveBox.left + saveBox.width / 2, saveBox.top + saveBox.height / 2);
      return {
        viewport,
        scrollWidth: document.documentElement.scrollWidth,
        outside: outside.map(boxOf),
        smallTargets: smallTargets.map(boxOf),
        saveReachable:
          saveBox !== undefined &&
          saveBox.top >= 0 &&
          saveBox.bottom <= window.innerHeight &&
          hit !== null &&
          hit !== undefined &&
          Boolean(save?.contains(hit)),
      };
    });
  }

  /** Scrolls the page so the given field's card is in view (as a moderator working on it would). */
  async scrollTo(key: string): Promise<void> {
    await this.card(key).scrollIntoViewIfNeeded();
  }
}
