import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** A photo to choose, as Playwright's file chooser takes it. */
export interface PhotoFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/**
 * What the place form offers beyond its fields (those are the driver's): the user's location, the
 * opening hours' choice and the photos chosen with a proposal. Specs talk to this, never to raw
 * selectors.
 */
export class PlaceFormPage {
  constructor(readonly page: Page) {}

  /** Taps "Use my location" and waits until the browser has answered (the button is no longer busy). */
  async useMyLocation(): Promise<void> {
    const button = this.page.getByTestId('use-my-location');
    await button.click();
    await expect.poll(() => button.getAttribute('aria-disabled'), { timeout: 15_000 }).toBeNull();
  }

  /** What the form says after "Use my location": its progress line, or the problem it explains. */
  async locateOutcome(): Promise<{ problem: string | null; text: string }> {
    const problem = this.page.getByTestId('locate-problem');
    if ((await problem.count()) > 0)
      return { problem: await problem.getAttribute('data-problem'), text: await problem.innerText() };
    return { problem: null, text: await this.page.getByTestId('locate-progress').innerText() };
  }

  /** Whether the opening hours are left out (`unknown`) or being entered (`known`). */
  async hoursChoice(): Promise<'unknown' | 'known'> {
    await this.page.getByTestId('hours-section').waitFor();
    return (await this.page.getByTestId('hours-unknown').isChecked()) ? 'unknown' : 'known';
  }

  /** Chooses to enter the opening hours, and waits for the weekly picker. */
  async enterHours(): Promise<void> {
    await this.page.getByTestId('hours-known').check();
    await this.page.getByTestId('hours-picker').waitFor();
  }

  /** Adds a range of hours on a weekday (`Mo` … `Su`). */
  async addHours(day: string): Promise<void> {
    await this.day(day).getByTestId('hours-add').click();
  }

  /** The time fields of a weekday's first range: opening and closing. */
  timeFields(day: string) {
    const fields = this.day(day).locator('input[type=text]');
    return { opens: fields.nth(0), closes: fields.nth(1) };
  }

  /** Types a time as on a phone's number pad (replacing what was there) and leaves the field. */
  async typeTime(day: string, end: 'opens' | 'closes', text: string): Promise<void> {
    const field = this.timeFields(day)[end];
    await field.fill('');
    await field.pressSequentially(text);
    await field.blur();
  }

  /** The problems shown under a weekday's times. */
  async timeProblems(day: string): Promise<string[]> {
    return this.day(day).getByTestId('hours-time-error').allInnerTexts();
  }

  private day(day: string) {
    return this.page.locator(`[data-testid=hours-day][data-day="${day}"]`);
  }

  /** Chooses photos to go with the proposal, and waits until the form shows them. */
  async addPhotos(files: PhotoFile[]): Promise<void> {
    const before = await this.chosenPhotoCount();
    await this.page.getByTestId('choose-photos').setInputFiles(files);
    await expect.poll(() => this.chosenPhotoCount()).toBe(before + files.length);
  }

  async chosenPhotoCount(): Promise<number> {
    return this.page.getByTestId('chosen-photo').count();
  }

  /** Whether every chosen photo shows its preview (drawn by the browser, not the plain tile). */
  async chosenPhotosDrawn(): Promise<boolean> {
    const tiles = this.page.getByTestId('chosen-photo');
    const drawn = await tiles.locator('img[src^="data:image/"]').count();
    return drawn === (await tiles.count());
  }

  // ── the category's own fields ("More about this place") ─────────────────────

  /** The section of the chosen category's fields, once it shows. */
  categoryFields() {
    return this.page.getByTestId('category-fields');
  }

  /** The keys of the fields the section shows, in its order. */
  async categoryFieldKeys(): Promise<string[]> {
    await this.categoryFields().waitFor();
    return this.categoryFields()
      .locator('[data-testid^="field-extra-"]')
      .evaluateAll((elements) =>
        elements
          .map((element) => element.getAttribute('data-testid') ?? '')
          .filter((testId) => /^field-extra-[a-z0-9_]+$/.test(testId))
          .map((testId) => testId.slice('field-extra-'.length)),
      );
  }

  /** Chooses an option of a yes/no or choice field by its label, as a finger would: on its words. */
  async chooseFieldOption(key: string, label: string): Promise<void> {
    const group = this.page.getByTestId(`field-extra-${key}`);
    await group
      .locator('label')
      .filter({ hasText: new RegExp(`^${label}$`) })
      .click();
    await expect.poll(() => group.getByRole('radio', { name: label, exact: true }).isChecked()).toBe(true);
  }

  /** The widget of a field (its input, or its group of options). */
  fieldWidget(key: string) {
    return this.page.getByTestId(`field-extra-${key}`);
  }

  /**
   * The boxes of the section and of each field's widget and problem, and whether whatever is
   * drawn at the middle of `key`'s widget is that widget (nothing fixed or sticky covers it),
   * after scrolling it into the middle of the screen.
   */
  async categoryFieldsLayout(key: string) {
    await this.fieldWidget(key).scrollIntoViewIfNeeded();
    return this.page.evaluate((target) => {
      const boxOf = (element: Element | null) => {
        if (!element) return null;
        const { left, top, right, bottom } = element.getBoundingClientRect();
        return { left, top, right, bottom };
      };
      const section = document.querySelector('[data-testid=category-fields]');
      const widget = document.querySelector(`[data-testid=field-extra-${target}]`);
      if (!section || !widget) throw new Error('No category fields');
      widget.scrollIntoView({ block: 'center' });
      const box = widget.getBoundingClientRect();
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      const fixed = [...document.querySelectorAll('body *')]
        .filter((element) => ['fixed', 'sticky'].includes(getComputedStyle(element).position))
        .map((element) => {
          const { left, top, right, bottom } = element.getBoundingClientRect();
          return { left, top, right, bottom };
        })
        .filter((found) => found.bottom > found.top && found.right > found.left);
      return {
        section: boxOf(section),
        widget: boxOf(widget),
        error: boxOf(document.querySelector(`[data-testid=field-error][data-field="extra.${target}"]`)),
        widgetUncovered: hit !== null && (widget === hit || widget.contains(hit)),
        fixed,
        viewportWidth: document.documentElement.clientWidth,
      };
    }, key);
  }
}
