import type { MapResponse } from '@karta/contracts';
import type { Page, Response } from 'playwright-core';
import { expect } from 'vitest';
import { registrationLinkFor } from './accounts.ts';
import { pressCategoryChip } from './category-chips.ts';
import { FramedKarta } from './framed-karta.ts';
import { middlesOnMap } from './page-geometry.ts';

export interface MapState {
  engine: string;
  zoom: number;
  center: { lat: number; lng: number };
}

export interface ClusterButton {
  count: number;
  tier: number;
  /** Rendered width and height in CSS pixels. */
  width: number;
  height: number;
  label: string;
}

/**
 * Drives Karta the way a person uses it. Specs talk to this driver, never to raw selectors, so a
 * change of markup is mended here once.
 */
export class KartaDriver {
  constructor(
    readonly page: Page,
    readonly baseUrl: string,
  ) {}

  // ── navigation ────────────────────────────────────────────────────────────

  /** Opens the home page (optionally with a query string) and waits for the first map data. */
  async openHome(search = ''): Promise<void> {
    await this.page.goto(`${this.baseUrl}/${search}`);
    await this.waitForMapData();
  }

  /**
   * Opens `search` and returns the map data the page drew: the last answer of `/api/v1/map` once the
   * network is quiet (an earlier request may be superseded and cancelled by the page).
   */
  async openHomeReadingMapData(search = ''): Promise<MapResponse> {
    const { page, baseUrl } = this;
    const answers: { order: number; body: MapResponse }[] = [];
    let order = 0;
    const onResponse = (response: Response) => {
      if (!response.url().startsWith(`${baseUrl}/api/v1/map`) || !response.ok()) return;
      const mine = order++;
      response.json().then(
        (body: MapResponse) => answers.push({ order: mine, body }),
        () => undefined,
      );
    };
    page.on('response', onResponse);
    try {
      await page.goto(`${baseUrl}/${search}`);
      await page.locator('[data-testid=cluster], [data-testid=marker]').first().waitFor();
      await page.waitForLoadState('networkidle');
    } finally {
      page.off('response', onResponse);
    }
    const last = answers.sort((x, y) => x.order - y.order).at(-1);
    if (!last) throw new Error('The page asked for no map data');
    return last.body;
  }

  async openPlacePage(id: number): Promise<void> {
    await this.page.goto(`${this.baseUrl}/places/${id}`);
  }

  async resize(width: number, height = 900): Promise<void> {
    await this.page.setViewportSize({ width, height });
  }

  url(): URL {
    return new URL(this.page.url());
  }

  // ── moderation (review queue, flags, categories, users) ──────────────────

  /** Opens a staff screen (`/review`, `/flags`, `/categories`, `/users`), optionally with a query. */
  async openStaffScreen(path: '/review' | '/flags' | '/categories' | '/users', search = ''): Promise<void> {
    await this.page.goto(`${this.baseUrl}${path}${search}`);
  }

  /** Forgets the session (the browser is shared by a file's tests): the next page is a visitor's. */
  async forgetSession(): Promise<void> {
    await this.page.context().clearCookies();
  }

  /** What a staff screen shows instead of itself: a sign-in prompt, "not allowed", or nothing. */
  async staffGate(): Promise<'sign-in' | 'not-allowed' | 'open'> {
    const prompt = this.page.getByTestId('staff-sign-in');
    const refused = this.page.getByTestId('staff-not-allowed');
    const opened = this.page.locator(
      '[data-testid=review-count], [data-testid=flag-count], [data-testid=category-list], [data-testid=user-count]',
    );
    await prompt.or(refused).or(opened).first().waitFor({ timeout: 15_000 });
    if (await prompt.isVisible()) return 'sign-in';
    if (await refused.isVisible()) return 'not-allowed';
    return 'open';
  }

  /** From a staff screen's sign-in prompt: signs in and waits to be back on the screen. */
  async signInFromStaffPrompt(credentials: { email: string; password: string }): Promise<void> {
    const back = this.url().pathname;
    await this.page.getByTestId('staff-sign-in-link').click();
    const form = this.page.getByTestId('sign-in-form');
    await form.waitFor();
    await form.locator('input[name=email]').fill(credentials.email);
    await form.locator('input[name=password]').fill(credentials.password);
    await form.getByTestId('sign-in-submit').click();
    await expect.poll(() => this.url().pathname, { timeout: 10_000 }).toBe(back);
  }

  private reviewItem(id: number) {
    return this.page.locator(`[data-testid=review-item][data-place-id="${id}"]`);
  }

  /** Waits for a place in the review list and returns its name as shown. */
  async reviewItemName(id: number): Promise<string> {
    const item = this.reviewItem(id);
    await item.waitFor({ timeout: 15_000 });
    return item.getByTestId('review-item-name').innerText();
  }

  /** A review item's diff once loaded: each row's field (`name.en`, `address`), before ('' when new) and after. */
  async reviewDiff(id: number): Promise<{ field: string; before: string; after: string }[]> {
    const item = this.reviewItem(id);
    await item.getByTestId('place-diff').waitFor({ timeout: 15_000 });
    const rows = item.getByTestId('diff-row');
    const diff: { field: string; before: string; after: string }[] = [];
    for (const row of await rows.all()) {
      diff.push({
        field: (await row.getAttribute('data-field')) ?? '',
        // A new proposal shows only what it has: every field is new.
        before: (await row.getByTestId('diff-before').count())
          ? await row.getByTestId('diff-before').innerText()
          : '',
        after: await row.getByTestId('diff-after').innerText(),
      });
    }
    return diff;
  }

  /** Opens a review item's history and returns its entries' actions, oldest first. */
  async reviewHistory(id: number): Promise<string[]> {
    const history = this.reviewItem(id).getByTestId('place-history');
    await history.locator('summary').click();
    return history
      .getByTestId('history-entry')
      .evaluateAll((entries) => entries.map((entry) => entry.getAttribute('data-action') ?? ''));
  }

  /**
   * Waits until a review card has loaded what a moderator reads before deciding: its changes and
   * the check for similar places nearby. Both grow the card above its buttons as they arrive, so a
   * click made while they load can land beside the button it aimed at.
   */
  private async readReviewItem(id: number) {
    const item = this.reviewItem(id);
    // The check for similar places waits until the card is in view, as a person scrolls to it.
    await item.scrollIntoViewIfNeeded();
    await item.getByTestId('place-diff').waitFor({ timeout: 15_000 });
    await item.locator('[data-testid=similar-places]:not([data-state=pending])').waitFor({ timeout: 15_000 });
    return item;
  }

  /** Publishes a pending place once its card is read, and waits until it has left the queue. */
  async publish(id: number): Promise<void> {
    const item = await this.readReviewItem(id);
    await item.getByTestId('publish').click();
    await item.waitFor({ state: 'detached', timeout: 10_000 });
  }

  /** Rejects a pending place with a reason and waits until it has left the queue. */
  async rejectWithReason(id: number, reason: string): Promise<void> {
    const item = await this.readReviewItem(id);
    await item.getByTestId('reject-reason').fill(reason);
    await item.getByTestId('reject').click();
    await item.waitFor({ state: 'detached', timeout: 10_000 });
  }

  /** Records every dialog (alert, confirm) the page opens from now on, dismissing it. */
  watchDialogs(): string[] {
    const seen: string[] = [];
    this.page.on('dialog', (dialog) => {
      seen.push(dialog.message());
      void dialog.dismiss();
    });
    return seen;
  }

  // ── the map ───────────────────────────────────────────────────────────────

  private map() {
    return this.page.getByTestId('map');
  }

  async mapSize(): Promise<{ width: number; height: number }> {
    const box = await this.map().boundingBox();
    if (!box) throw new Error('The map is not visible');
    return { width: box.width, height: box.height };
  }

  async pageWidth(): Promise<{ viewport: number; scroll: number }> {
    return this.page.evaluate(() => ({
      viewport: window.innerWidth,
      scroll: document.documentElement.scrollWidth,
    }));
  }

  async mapState(): Promise<MapState> {
    const map = this.map();
    const [engine, zoom, center] = await Promise.all([
      map.getAttribute('data-engine'),
      map.getAttribute('data-zoom'),
      map.getAttribute('data-center'),
    ]);
    const [lat, lng] = (center ?? '').split(',').map(Number);
    return {
      engine: engine ?? '',
      zoom: Number(zoom),
      center: { lat: lat ?? Number.NaN, lng: lng ?? Number.NaN },
    };
  }

  /** Waits until the map shows clusters or markers for its current viewport. */
  async waitForMapData(): Promise<void> {
    await this.page
      .locator('[data-testid=cluster], [data-testid=marker]')
      .first()
      .waitFor({ timeout: 15_000 });
  }

  /** Waits until the map has settled at a zoom other than `previousZoom`, with data drawn. */
  async waitForZoomChange(previousZoom: number): Promise<MapState> {
    await expect.poll(async () => (await this.mapState()).zoom, { timeout: 10_000 }).not.toBe(previousZoom);
    await this.waitForMapData();
    return this.mapState();
  }

  async clusters(): Promise<ClusterButton[]> {
    return this.page.getByTestId('cluster').evaluateAll((buttons) =>
      buttons.map((button) => {
        const rect = button.getBoundingClientRect();
        return {
          count: Number(button.getAttribute('data-count')),
          tier: Number(button.getAttribute('data-tier')),
          width: rect.width,
          height: rect.height,
          label: button.getAttribute('aria-label') ?? button.textContent ?? '',
        };
      }),
    );
  }

  /**
   * What a layer of chosen places (a search's matches, Near me's results) shows of them: the ids
   * drawn as markers, and how many places its clusters hold.
   */
  async shownPlaces(): Promise<{ markers: number[]; clustered: number }> {
    const clusters = await this.clusters();
    return {
      markers: (await this.markerIds()).sort((a, b) => a - b),
      clustered: clusters.reduce((sum, cluster) => sum + cluster.count, 0),
    };
  }

  /** How many places the map draws: its markers and what its clusters hold. */
  async drawnPlaceCount(): Promise<number> {
    const { markers, clustered } = await this.shownPlaces();
    return markers.length + clustered;
  }

  async clusterColors(): Promise<Record<number, string>> {
    return this.page.getByTestId('cluster').evaluateAll((buttons) => {
      const colors: Record<number, string> = {};
      for (const button of buttons) {
        colors[Number(button.getAttribute('data-tier'))] = getComputedStyle(button).backgroundColor;
      }
      return colors;
    });
  }

  /** Where the centre of the first cluster of `count` is drawn, in px from the map's centre. */
  async clusterOffsetFromCentre(count: number): Promise<{ x: number; y: number }> {
    const [cluster, map] = await Promise.all([
      this.page.locator(`[data-testid=cluster][data-count="${count}"]`).first().boundingBox(),
      this.map().boundingBox(),
    ]);
    if (!cluster || !map) throw new Error(`No cluster of ${count} on the map`);
    return {
      x: cluster.x + cluster.width / 2 - (map.x + map.width / 2),
      y: cluster.y + cluster.height / 2 - (map.y + map.height / 2),
    };
  }

  async markerIds(): Promise<number[]> {
    return this.page
      .getByTestId('marker')
      .evaluateAll((buttons) => buttons.map((button) => Number(button.getAttribute('data-place-id'))));
  }

  /**
   * Circles the engine draws: Leaflet draws one SVG path each in its overlay pane; the stand-in of
   * Google's API draws each `google.maps.Circle` as one SVG element.
   */
  async circleCount(): Promise<number> {
    return this.page
      .locator('[data-testid=map] .leaflet-overlay-pane path, [data-testid=map] svg.gm-stand-in-circle')
      .count();
  }

  /** Clicks a cluster of `count` places whose middle is on the map (one beyond an edge shows only part). */
  async clickCluster(count: number): Promise<void> {
    const clusters = this.page.locator(`[data-testid=cluster][data-count="${count}"]`);
    const index = (await clusters.evaluateAll(middlesOnMap)).indexOf(true);
    await clusters.nth(Math.max(0, index)).click();
  }

  /** Clicks the cluster nearest to the middle of the map (the one a view was centred on). */
  async clickClusterAtCentre(): Promise<void> {
    const map = await this.page.getByTestId('map').boundingBox();
    const centres = await this.page.getByTestId('cluster').evaluateAll((buttons) =>
      buttons.map((button) => {
        const rect = button.getBoundingClientRect();
        return { x: rect.x + rect.width / 2, y: rect.y + rect.height / 2 };
      }),
    );
    if (!map || centres.length === 0) throw new Error('No cluster on the map');
    const middle = { x: map.x + map.width / 2, y: map.y + map.height / 2 };
    const distance = (c: { x: number; y: number }) => Math.hypot(c.x - middle.x, c.y - middle.y);
    const nearest = centres.reduce((best, c) => (distance(c) < distance(best) ? c : best));
    await this.page.mouse.click(nearest.x, nearest.y);
  }

  async clickMarker(id: number): Promise<void> {
    await this.page.locator(`[data-testid=marker][data-place-id="${id}"]`).click();
  }

  async markerLabel(id: number): Promise<string> {
    return (
      (await this.page.locator(`[data-testid=marker][data-place-id="${id}"]`).getAttribute('aria-label')) ??
      ''
    );
  }

  /** Zooms in with the keyboard-accessible zoom control until the map shows single markers. */
  async zoomUntilMarkers(maxSteps = 8): Promise<void> {
    for (let step = 0; step < maxSteps && (await this.markerIds()).length === 0; step += 1) {
      const { zoom } = await this.mapState();
      const cluster = (await this.clusters()).sort((a, b) => a.count - b.count)[0];
      if (!cluster) break;
      await this.clickCluster(cluster.count);
      await this.waitForZoomChange(zoom);
    }
  }

  // ── when the engine cannot load ───────────────────────────────────────────

  /** The map's loading error (`[data-testid=map-error]`). */
  mapError() {
    return this.page.getByTestId('map-error');
  }

  async retryMap(): Promise<void> {
    await this.page.getByTestId('map-retry').click();
  }

  /** The note that Google's own labels follow a language switch after a reload. */
  languageNote() {
    return this.page.getByTestId('map-language-note');
  }

  async reloadForLanguage(): Promise<void> {
    await Promise.all([this.page.waitForEvent('load'), this.page.getByTestId('map-language-reload').click()]);
  }

  // ── the info window and copying ───────────────────────────────────────────

  infoWindow() {
    return this.page.getByTestId('info-window');
  }

  /** The info window listing the places of a cluster at the highest zoom. */
  clusterInfoWindow() {
    return this.page.getByTestId('cluster-info-window');
  }

  /** Presses Escape where focus is (the info window takes focus when opened by keyboard). */
  async pressEscape(): Promise<void> {
    await this.page.keyboard.press('Escape');
  }

  async infoWindowText(): Promise<string> {
    await this.infoWindow().waitFor();
    return (await this.infoWindow().innerText()).replace(/\s+/g, ' ');
  }

  /**
   * Waits until the map stops moving (an info window that opens or grows pans the map to fit), as a
   * person waits before pressing a button in it.
   */
  async waitForMapToSettle(): Promise<void> {
    let previous = '';
    let steady = 0;
    for (let attempt = 0; attempt < 50 && steady < 3; attempt += 1) {
      const { zoom, center } = await this.mapState();
      // Leaflet's pane transform moves during a pan animation, before the map reports its new centre.
      const pane = await this.page.evaluate(
        () => document.querySelector('[data-testid=map] .leaflet-map-pane')?.getAttribute('style') ?? '',
      );
      const now = `${zoom}:${center.lat},${center.lng}:${pane}`;
      steady = now === previous ? steady + 1 : 0;
      previous = now;
      await this.page.waitForTimeout(100);
    }
  }

  async copy(what: 'coordinates' | 'address' | 'link'): Promise<string> {
    await this.infoWindow().waitFor();
    await this.waitForMapToSettle();
    await this.infoWindow().getByTestId(`copy-${what}`).click();
    const toast = this.page.getByTestId('toast');
    await toast.waitFor();
    return (await toast.innerText()).trim();
  }

  async toastRole(): Promise<string | null> {
    return this.page.getByTestId('toast').evaluate((toast) => {
      const live = toast.closest('[aria-live], [role=status]');
      return live?.getAttribute('role') ?? live?.getAttribute('aria-live') ?? null;
    });
  }

  /** What the system clipboard holds now. */
  async clipboardText(): Promise<string> {
    return this.page.evaluate(() => navigator.clipboard.readText());
  }

  // ── language ──────────────────────────────────────────────────────────────

  async switchLanguage(language: 'hr' | 'en'): Promise<void> {
    await this.page.getByTestId('language-switch').selectOption(language);
  }

  /** The page's title, as the browser's tab and history show it. */
  async pageTitle(): Promise<string> {
    return this.page.title();
  }

  async htmlLang(): Promise<string> {
    return this.page.evaluate(() => document.documentElement.lang);
  }

  // ── the list under the map ────────────────────────────────────────────────

  listItems() {
    return this.page.getByTestId('place-list-item');
  }

  async listIds(): Promise<number[]> {
    await this.listItems().first().waitFor({ timeout: 15_000 });
    return this.listItems().evaluateAll((items) =>
      items.map((item) => Number(item.getAttribute('data-place-id'))),
    );
  }

  /** What a place's item in the list says, its lines joined by spaces. */
  async listItemText(id: number): Promise<string> {
    const item = this.page.locator(`[data-testid=place-list-item][data-place-id="${id}"]`);
    return (await item.innerText()).replace(/\s+/g, ' ').trim();
  }

  async selectListItem(id: number): Promise<void> {
    await this.page
      .locator(`[data-testid=place-list-item][data-place-id="${id}"]`)
      .getByRole('button')
      .first()
      .click();
  }

  /** The id of the list item marked as the current selection, if any. */
  async currentListItem(): Promise<number | null> {
    const current = this.page.locator(
      '[data-testid=place-list-item][aria-current="true"], [data-testid=place-list-item] [aria-current="true"]',
    );
    if ((await current.count()) === 0) return null;
    const item = this.page.locator('[data-testid=place-list-item]', {
      has: this.page.locator('[aria-current="true"]'),
    });
    const id =
      (await current.first().getAttribute('data-place-id')) ??
      (await item.first().getAttribute('data-place-id'));
    return id === null ? null : Number(id);
  }

  async toggleCategory(name: string): Promise<void> {
    await pressCategoryChip(this.page, name);
  }

  // ── accounts ──────────────────────────────────────────────────────────────

  /** Opens the sign-in page directly, optionally with where to return (`next`). */
  async openSignIn(next?: string): Promise<void> {
    await this.page.goto(`${this.baseUrl}/sign-in${next ? `?${new URLSearchParams({ next })}` : ''}`);
    await this.page.getByTestId('sign-in-form').waitFor();
  }

  /** Follows the header's Sign in link, as a visitor does from the page they are on. */
  async goToSignIn(): Promise<void> {
    await this.page.getByTestId('sign-in-link').click();
    await this.page.getByTestId('sign-in-form').waitFor();
  }

  /** From the sign-in page, follows the link to create an account. */
  async goToRegister(): Promise<void> {
    await this.page.getByTestId('sign-in-form').getByTestId('register-link').click();
    await this.page.getByTestId('register-form').waitFor();
  }

  /** Fills in and sends the register form (the page must show it). */
  async register(account: { displayName: string; email: string; password: string }): Promise<void> {
    const form = this.page.getByTestId('register-form');
    await form.locator('input[name=displayName]').fill(account.displayName);
    await form.locator('input[name=email]').fill(account.email);
    await form.locator('input[name=password]').fill(account.password);
    await form.getByTestId('register-submit').click();
  }

  /**
   * Finishes a registration as its e-mail's reader does: sees "check your e-mail", opens the
   * link mailed to `email`, presses "Create my account" and goes on to the map, signed in.
   */
  async finishRegistrationByMail(email: string): Promise<void> {
    await this.page.getByTestId('registration-sent').waitFor();
    await this.page.goto(await registrationLinkFor(email));
    await this.page.getByTestId('complete-registration-submit').click();
    await this.page.getByTestId('registration-done').getByRole('link').click();
  }

  /** Fills in and sends the sign-in form (the page must show it). */
  async signIn(credentials: { email: string; password: string }): Promise<void> {
    const form = this.page.getByTestId('sign-in-form');
    await form.locator('input[name=email]').fill(credentials.email);
    await form.locator('input[name=password]').fill(credentials.password);
    await form.getByTestId('sign-in-submit').click();
  }

  /** Waits until the header shows someone signed in, and returns their name as the page shows it. */
  async waitForSignedIn(): Promise<string> {
    await this.page.getByTestId('user-menu').waitFor({ timeout: 10_000 });
    return this.page.getByTestId('user-name').innerText();
  }

  /** Waits until the header offers Sign in (nobody signed in). */
  async waitForSignedOut(): Promise<void> {
    await this.page.getByTestId('sign-in-link').waitFor({ timeout: 10_000 });
  }

  /** Opens the user menu and reads the role it shows. */
  async signedInRole(): Promise<string> {
    await this.openUserMenu();
    return this.page.getByTestId('user-role').innerText();
  }

  /** Signs out through the user menu and waits for the header to offer Sign in again. */
  async signOut(): Promise<void> {
    await this.openUserMenu();
    await this.page.getByTestId('sign-out').click();
    await this.waitForSignedOut();
  }

  private async openUserMenu(): Promise<void> {
    const button = this.page.getByTestId('user-menu-button');
    if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
  }

  /** The account form's own error message (wrong credentials, rate limit, …), once one shows. */
  async accountFormError(): Promise<string> {
    const alert = this.page.getByTestId('form-error');
    await expect.poll(async () => (await alert.innerText()).trim(), { timeout: 10_000 }).not.toBe('');
    return (await alert.innerText()).trim();
  }

  /** How many elements of the header are images: user text must never become one. */
  async headerImageCount(): Promise<number> {
    return this.page.locator('header img').count();
  }

  /**
   * Elements that user text would have created had it been rendered as HTML (the XSS payloads of
   * e2e/tests/xss.test.ts), and whether any of their scripts ran.
   */
  async injectedMarkup(): Promise<{ elements: number; scriptRan: boolean }> {
    return this.page.evaluate(() => ({
      elements: document.querySelectorAll('img[src="x"], svg[data-xss], script[data-xss]').length,
      scriptRan: (window as unknown as { __xss?: number }).__xss !== undefined,
    }));
  }

  // ── proposing and editing places, My submissions ─────────────────────────

  /** Opens the place editor for a new place (optionally on a view: `?lat=…&lng=…&z=…`). */
  async openPropose(search = ''): Promise<void> {
    await this.page.goto(`${this.baseUrl}/propose${search}`);
  }

  /** Follows the home page's "Propose a place" invitation. */
  async proposeFromHome(): Promise<void> {
    await this.page.getByTestId('propose-place').click();
  }

  /** What a contributor page shows: the sign-in invitation, or its content (form or list). */
  async contributorGate(): Promise<'sign-in' | 'form' | 'list'> {
    const shown = this.page.locator(
      '[data-testid=sign-in-prompt], [data-testid=place-form], [data-testid=my-submissions], [data-testid=propose-place]',
    );
    await shown.first().waitFor({ timeout: 10_000 });
    if (await this.page.getByTestId('sign-in-prompt').isVisible()) return 'sign-in';
    return (await this.page.getByTestId('place-form').isVisible()) ? 'form' : 'list';
  }

  /** From a contributor page's invitation, signs in and comes back to it. */
  async signInFromContributorPrompt(credentials: { email: string; password: string }): Promise<void> {
    await this.page.getByTestId('sign-in-to-continue').click();
    await this.page.getByTestId('sign-in-form').waitFor();
    await this.signIn(credentials);
  }

  /** The engine, zoom and centre of a map other than the home page's (`picker-map`, `place-map`). */
  async mapStateOf(testId: string): Promise<MapState> {
    const map = this.page.getByTestId(testId);
    const [engine, zoom, center] = await Promise.all([
      map.getAttribute('data-engine'),
      map.getAttribute('data-zoom'),
      map.getAttribute('data-center'),
    ]);
    const [lat, lng] = (center ?? '').split(',').map(Number);
    return {
      engine: engine ?? '',
      zoom: Number(zoom),
      center: { lat: lat ?? Number.NaN, lng: lng ?? Number.NaN },
    };
  }

  private pickerMap() {
    return this.page.getByTestId('picker-map');
  }

  /** Waits until the editor's map is drawn. */
  async waitForPickerMap(): Promise<void> {
    await this.pickerMap()
      .locator('.leaflet-map-pane, .gm-style')
      .first()
      .waitFor({ state: 'attached', timeout: 15_000 });
    await expect.poll(() => this.pickerMap().getAttribute('data-engine')).toMatch(/leaflet|google/);
  }

  /** Clicks the editor's map `dx`, `dy` px from its centre (away from the zoom buttons). */
  async clickPickerMap(dx = 0, dy = 0): Promise<void> {
    // As a person scrolls to it: on a phone the form's address search puts the map's middle below the fold.
    await this.pickerMap().evaluate((map) => map.scrollIntoView({ block: 'center' }));
    const box = await this.pickerMap().boundingBox();
    if (!box) throw new Error('The editor map is not visible');
    await this.page.mouse.click(box.x + box.width / 2 + dx, box.y + box.height / 2 + dy);
    await this.page.getByTestId('picker-marker').waitFor();
  }

  /** The picker marker's position as drawn (`data-position`), or null when there is none. */
  async pickerPosition(): Promise<{ lat: number; lng: number } | null> {
    const marker = this.page.getByTestId('picker-marker');
    if ((await marker.count()) === 0) return null;
    const [lat, lng] = ((await marker.getAttribute('data-position')) ?? '').split(',').map(Number);
    return { lat: lat ?? Number.NaN, lng: lng ?? Number.NaN };
  }

  /** Drags the picker marker by `dx`, `dy` px with the mouse. */
  async dragPicker(dx: number, dy: number): Promise<void> {
    const box = await this.page.getByTestId('picker-marker').boundingBox();
    if (!box) throw new Error('No picker marker');
    // Grab the pin's head, not its tip.
    const x = box.x + box.width / 2;
    const y = box.y + box.height / 3;
    await this.page.mouse.move(x, y);
    await this.page.mouse.down();
    await this.page.mouse.move(x + dx, y + dy, { steps: 8 });
    await this.page.mouse.up();
  }

  /** Focuses the picker marker and presses `key` (`ArrowUp`, `Shift+ArrowRight`, …). */
  async nudgePicker(key: string): Promise<void> {
    await this.page.getByTestId('picker-marker').focus();
    await this.page.keyboard.press(key);
  }

  /** The picker's accessible name. */
  async pickerLabel(): Promise<string> {
    return (await this.page.getByTestId('picker-marker').getAttribute('aria-label')) ?? '';
  }

  /** What a field of the place form holds (`lat`, `name.en`, `website`, …). */
  async placeField(field: string): Promise<string> {
    return this.placeFieldInput(field).inputValue();
  }

  /** Types into a field of the place form (replacing what it held) and leaves it. */
  async fillPlaceField(field: string, value: string): Promise<void> {
    const input = this.placeFieldInput(field);
    await input.fill(value);
    await input.blur();
  }

  /** Chooses a category by its shown name, or the first one. */
  async choosePlaceCategory(name?: string): Promise<void> {
    const select = this.placeFieldInput('categoryId');
    if (name) await select.selectOption({ label: name });
    else await select.selectOption({ index: 1 });
  }

  /** Sets the radius with the slider's keyboard (Home, then ArrowRight `steps` times); returns the metres. */
  async slideRadius(steps: number): Promise<number> {
    const slider = this.page.getByTestId('radius-slider');
    await slider.focus();
    await this.page.keyboard.press('Home');
    for (let step = 0; step < steps; step += 1) await this.page.keyboard.press('ArrowRight');
    return Number(await this.placeField('radius'));
  }

  /** Circles drawn on the editor's map (the radius). */
  async pickerCircleCount(): Promise<number> {
    return this.pickerMap().locator('.leaflet-overlay-pane path, svg.gm-stand-in-circle').count();
  }

  /** The translated problem shown on a field of the place form, once one shows ('' when none). */
  async placeFieldError(field: string, wait = true): Promise<string> {
    const error = this.page.locator(`[data-testid=field-error][data-field="${field}"]`);
    if (!wait && (await error.count()) === 0) return '';
    await error.waitFor({ timeout: 5_000 });
    return (await error.innerText()).trim();
  }

  /** The places the form shows as possible duplicates, once it shows some. */
  async possibleDuplicates(): Promise<number[]> {
    const notice = this.page.getByTestId('duplicates');
    await notice.waitFor({ timeout: 10_000 });
    return notice
      .getByTestId('duplicate')
      .evaluateAll((items) => items.map((item) => Number(item.getAttribute('data-place-id'))));
  }

  /** Sends the place form. */
  async savePlace(): Promise<void> {
    await this.page.getByTestId('save-place').click();
  }

  /** The step before saving that lists nearby places: their ids, once it shows. */
  async duplicatesStep(): Promise<number[]> {
    const step = this.page.getByTestId('duplicates-step');
    await step.waitFor({ timeout: 10_000 });
    return step
      .getByTestId('duplicate')
      .evaluateAll((items) => items.map((item) => Number(item.getAttribute('data-place-id'))));
  }

  async saveAnyway(): Promise<void> {
    await this.page.getByTestId('save-anyway').click();
  }

  /** The field that has keyboard focus, by its name (`website`, `name.en`, …). */
  async focusedPlaceField(): Promise<string | null> {
    return this.page.evaluate(() => document.activeElement?.getAttribute('name') ?? null);
  }

  private placeFieldInput(field: string) {
    return this.page.getByTestId(`field-${field.replace('.', '-')}`);
  }

  /** Opens My submissions. */
  async openMySubmissions(): Promise<void> {
    await this.page.goto(`${this.baseUrl}/my-submissions`);
  }

  /** Waits for My submissions to list the user's places and returns them, newest first. */
  async mySubmissions(): Promise<{ id: number; status: string; name: string }[]> {
    await this.page.locator('[data-testid=my-submission], [data-testid=propose-place]').first().waitFor();
    return this.page.getByTestId('my-submission').evaluateAll((items) =>
      items.map((item) => ({
        id: Number(item.getAttribute('data-place-id')),
        status: item.getAttribute('data-status') ?? '',
        name: item.querySelector('h2')?.textContent ?? '',
      })),
    );
  }

  /** Waits until My submissions shows the place with `status`. */
  async waitForSubmissionStatus(id: number, status: string): Promise<void> {
    await this.page
      .locator(`[data-testid=my-submission][data-place-id="${id}"][data-status="${status}"]`)
      .waitFor({ timeout: 10_000 });
  }

  /** The confirmation My submissions shows after a save. */
  async submissionConfirmation(): Promise<string> {
    const note = this.page.getByTestId('submission-saved');
    await note.waitFor();
    return (await note.innerText()).trim();
  }

  async rejectionReason(id: number): Promise<string> {
    return this.page
      .locator(`[data-testid=my-submission][data-place-id="${id}"] [data-testid=rejection-reason]`)
      .innerText();
  }

  /** Follows a submission's Edit link to the place editor. */
  async editSubmission(id: number): Promise<void> {
    await this.page
      .locator(`[data-testid=my-submission][data-place-id="${id}"] [data-testid=edit-submission]`)
      .click();
    await this.page.getByTestId('place-form').waitFor();
  }

  async resubmit(id: number): Promise<void> {
    await this.page
      .locator(`[data-testid=my-submission][data-place-id="${id}"] [data-testid=resubmit]`)
      .click();
  }

  /** The text of a report as the flags screen shows it (place, reporter, reason, comment). */
  async flagText(id: number): Promise<string> {
    const item = this.page.locator(`[data-testid=flag-item][data-flag-id="${id}"]`);
    await item.waitFor({ timeout: 15_000 });
    return item.innerText();
  }

  // ── share / embed ─────────────────────────────────────────────────────────

  /** Opens the home page's Share / embed dialog. */
  async openShareDialog(): Promise<void> {
    await this.page.getByTestId('share-button').click();
    await this.shareDialog().waitFor();
  }

  shareDialog() {
    return this.page.getByTestId('share-dialog');
  }

  /** The link and the `<iframe>` code the dialog shows. */
  async shareDialogTexts(): Promise<{ link: string; code: string }> {
    return {
      link: await this.page.getByTestId('share-link').inputValue(),
      code: await this.page.getByTestId('embed-code').inputValue(),
    };
  }

  /** Presses a Copy button of the share dialog and returns the confirmation shown. */
  async copyFromShareDialog(what: 'link' | 'code'): Promise<string> {
    await this.page.getByTestId(what === 'link' ? 'copy-share-link' : 'copy-embed-code').click();
    const toast = this.page.getByTestId('toast');
    await expect.poll(async () => (await toast.innerText()).trim()).not.toBe('');
    return (await toast.innerText()).trim();
  }

  /** Which element has focus, by its test id. */
  async focusedTestId(): Promise<string | null> {
    return this.page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? null);
  }

  /** Opens a page of another site that frames Karta, and returns the frame to drive. */
  async openFramingPage(url: string): Promise<FramedKarta> {
    await this.page.goto(url);
    const frame = await (await this.page.locator('iframe').elementHandle())?.contentFrame();
    if (!frame) throw new Error('The framing page has no frame');
    return new FramedKarta(this.page, frame);
  }

  /** The names on the home page's category filter chips. */
  async categoryChipNames(): Promise<string[]> {
    const chips = this.page.locator('[aria-pressed]');
    await chips.first().waitFor();
    return (await chips.allInnerTexts()).map((text) => text.trim());
  }

  /** The number of places in view, as the list's heading counts them. */
  async placeCount(): Promise<number> {
    const count = this.page.getByTestId('place-count');
    await count.waitFor();
    return Number((await count.innerText()).replace(/\D/g, ''));
  }

  /** Where a download link under the list points (absolute), once the map has a view. */
  async exportLink(format: 'csv' | 'geojson'): Promise<URL> {
    const link = this.page.getByTestId(`export-${format}`);
    await link.waitFor();
    return new URL((await link.getAttribute('href')) ?? '', this.baseUrl);
  }
}
