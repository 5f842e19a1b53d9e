import type { Page } from 'playwright-core';
import { phonePhoto } from '../../apps/server/test/support/photos.ts';
import { adminApi, newContributor, newModerator, uniqueEmail } from './accounts.ts';
import { apiOf, placeShownAsMarker, viewOf } from './api.ts';
import { axeViolations } from './axe.ts';
import { KartaDriver } from './driver.ts';
import { waitForMail } from './mailbox.ts';

/** Who looks at a screen: a visitor, the author of a proposal, or staff (an admin: every staff screen). */
type Viewer = 'visitor' | 'contributor' | 'staff';

/** Every screen of the site, as a person reaches it. */
export const SCREENS = [
  'home',
  'search',
  'place',
  'near',
  'embed',
  'sign-in',
  'register',
  'complete-registration',
  'forgot-password',
  'reset-password',
  'follow',
  'follows',
  'unsubscribe',
  'verify-email',
  'propose',
  'edit',
  'my-submissions',
  'review',
  'flags',
  'checking',
  'categories',
  'users',
  'jobs',
  'audit',
  'webhooks',
  'import',
  'account',
  'api-token',
] as const;
export type ScreenName = (typeof SCREENS)[number];

/** What the screens show, arranged once per suite through the API. */
export interface ScreenData {
  /** A published place shown as its own marker at zoom 16 near Zagreb's centre. */
  place: { id: number; lat: number; lng: number };
  /** The contributor's pending proposal (in their list, in the review queue, editable). */
  proposalId: number;
  contributor: { email: string; password: string };
  staff: { email: string; password: string };
  /** The "manage your follows" link's token of an address with a confirmed and a waiting follow. */
  followsToken: string;
}

/**
 * Arranges something for every screen to show: a pending proposal by a new contributor, an open
 * report on a published place, and a new admin (promoted by the e2e admin) to look at staff screens.
 */
export async function arrangeScreens(baseUrl: string): Promise<ScreenData> {
  const { place } = await placeShownAsMarker(baseUrl, 16);
  const contributor = await newContributor(baseUrl, 'Tour contributor');
  const { items: categories } = await contributor.api.categories();
  const proposal = await contributor.api.createPlace({
    categoryId: categories[0]?.id ?? 1,
    name: { en: 'Tour bakery', hr: 'Pekara za obilazak' },
    description: { en: 'Bread.', hr: 'Kruh.' },
    lat: 45.7012,
    lng: 16.3812,
    address: 'Trg 2',
  });
  await contributor.api.flagPlace(place.id, { reason: 'wrong_information', comment: 'Closed on Sundays.' });
  const staff = await newModerator(baseUrl, 'Tour admin');
  const { api: admin } = await adminApi(baseUrl);
  await admin.updateUser(staff.user.id, { role: 'admin' });
  // Photos on every screen that shows them: the place's gallery, the proposal's photo in the
  // editor, the review queue and My submissions, and a report on a photo.
  const jpeg = new Uint8Array(await phonePhoto(800, 600));
  const shown = await admin.uploadPhoto(place.id, 'image/jpeg', jpeg);
  await admin.updatePhoto(shown.id, { version: shown.version, alt: { en: 'The entrance', hr: 'Ulaz' } });
  await contributor.api.uploadPhoto(
    proposal.id,
    'image/jpeg',
    new Uint8Array(await phonePhoto(600, 800, 1, 30)),
  );
  await contributor.api.flagPhoto(shown.id, { reason: 'private_person' });
  const followsToken = await arrangeFollows(baseUrl, { lat: place.lat, lng: place.lng });
  // A token in the account page's list, used once so it shows its last use.
  const token = await staff.api.createApiToken({
    name: 'Tour sync',
    scopes: ['places:read', 'moderate'],
    password: staff.password,
  });
  await fetch(`${baseUrl}/api/v1/categories`, { headers: { authorization: `Bearer ${token.token}` } });
  // A webhook in the list, switched off so that it is never sent anything (and shows why).
  const webhook = await admin.createWebhook({
    url: 'http://127.0.0.1:9/tour/a-long-path-that-wraps-on-a-phone-screen',
    events: ['place.published', 'flag.created'],
    categories: [categories[0]?.id ?? 1],
  });
  await admin.updateWebhook(webhook.id, { enabled: false });
  return {
    place: { id: place.id, lat: place.lat, lng: place.lng },
    proposalId: proposal.id,
    contributor: { email: contributor.email, password: contributor.password },
    staff: { email: staff.email, password: staff.password },
    followsToken,
  };
}

/** Two follows of one address, one confirmed, through the real e-mails; the manage link's token. */
async function arrangeFollows(baseUrl: string, spot: { lat: number; lng: number }): Promise<string> {
  const visitor = apiOf(baseUrl);
  const email = uniqueEmail('tour-follower');
  await visitor.createFollow({ email, point: spot, frequency: 'weekly' });
  const confirmation = await waitForMail(email);
  const token = (prefix: string) =>
    new URL(
      confirmation.text.split(/\s+/).find((word) => word.startsWith(`${baseUrl}${prefix}`)) ?? baseUrl,
    ).searchParams.get('token') ?? '';
  await visitor.confirmFollow({ token: token('/follows/confirm?token=') });
  await visitor.createFollow({
    email,
    bbox: { west: spot.lng - 0.01, south: spot.lat - 0.01, east: spot.lng + 0.01, north: spot.lat + 0.01 },
    frequency: 'daily',
  });
  return token('/follows?token=');
}

const VIEWER_OF: Record<ScreenName, Viewer> = {
  home: 'visitor',
  search: 'visitor',
  place: 'visitor',
  near: 'visitor',
  embed: 'visitor',
  'sign-in': 'visitor',
  register: 'visitor',
  'complete-registration': 'visitor',
  'forgot-password': 'visitor',
  'reset-password': 'visitor',
  follow: 'visitor',
  follows: 'visitor',
  unsubscribe: 'visitor',
  'verify-email': 'visitor',
  propose: 'contributor',
  edit: 'contributor',
  'my-submissions': 'contributor',
  review: 'staff',
  flags: 'staff',
  checking: 'staff',
  categories: 'staff',
  users: 'staff',
  jobs: 'staff',
  audit: 'staff',
  webhooks: 'staff',
  import: 'staff',
  account: 'staff',
  'api-token': 'staff',
};

/**
 * Walks a browser profile through the screens, signing in as whoever each one needs (once per
 * person: the browser keeps the session across a suite's pages), and scans what it shows with axe.
 */
export class ScreenTour {
  /** Who the profile is signed in as; shared by the suite's pages (one profile per suite). */
  private static signedIn = new WeakMap<object, Viewer>();

  constructor(
    private readonly page: Page,
    private readonly baseUrl: string,
    private readonly data: ScreenData,
  ) {}

  async resize(width: number): Promise<void> {
    await this.page.setViewportSize({ width, height: 900 });
  }

  /** Opens a screen as its viewer and waits until it shows its content. */
  async open(screen: ScreenName): Promise<void> {
    await this.signInAs(VIEWER_OF[screen]);
    const { place, proposalId } = this.data;
    const ready = (testId: string) => this.page.getByTestId(testId).first().waitFor({ timeout: 15_000 });
    const go = (path: string) => this.page.goto(`${this.baseUrl}${path}`);
    switch (screen) {
      case 'home':
        await go(`/${viewOf(place, 16, place.id)}`);
        await ready('info-window');
        await ready('place-list-item');
        break;
      case 'search':
        // Results first on a phone: the count, then the filter and the list.
        await go('/?q=pharmacy');
        await ready('place-count');
        await ready('place-list-item');
        break;
      case 'place':
        await go(`/places/${place.id}`);
        await ready('marker');
        break;
      case 'near':
        await go(`/near?lat=${place.lat}&lng=${place.lng}&r=1000`);
        await ready('near-result');
        break;
      case 'embed':
        await go(`/embed${viewOf(place, 16, place.id)}`);
        await ready('info-window');
        break;
      case 'sign-in':
      case 'register':
        await go(`/${screen}`);
        await ready(`${screen}-form`);
        break;
      case 'complete-registration':
        // The link as mailed: the page asks before it makes the account.
        await go(`/complete-registration?token=${'R'.repeat(43)}`);
        await ready('registration-completion');
        break;
      case 'forgot-password':
        await go('/forgot-password');
        await ready('forgot-password-form');
        break;
      case 'reset-password':
        // A link cut short: the page says so and offers a new one.
        await go('/reset-password?token=cut-short');
        await ready('reset-link-invalid');
        break;
      case 'follow':
        await go(`/${viewOf(place, 14)}`);
        await this.page.getByTestId('follow-area').click();
        await ready('follow-dialog');
        break;
      case 'follows':
        await go(`/follows?token=${this.data.followsToken}`);
        await ready('follow-row');
        break;
      case 'unsubscribe':
        await go(`/unsubscribe?token=${'U'.repeat(43)}`);
        await ready('confirm-unsubscribe');
        break;
      case 'verify-email':
        await go(`/verify-email?token=${'V'.repeat(43)}`);
        await ready('verification-link-invalid');
        break;
      case 'account':
        await go('/account');
        await ready('session-row');
        await ready('notification-settings');
        await ready('api-token-row');
        break;
      case 'api-token': {
        // A token just made, shown once on the account page.
        await go('/account');
        const form = this.page.getByTestId('create-api-token-form');
        await form.locator('input[name=name]').fill('Tour script');
        await form.locator('input[name=password]').fill(this.data.staff.password);
        await form.getByTestId('create-api-token-submit').click();
        await ready('new-api-token-value');
        break;
      }
      case 'propose': {
        await go(`/propose?lat=${place.lat}&lng=${place.lng}&z=16`);
        await ready('place-form');
        // With the position chosen, so the picker marker is scanned too.
        const karta = new KartaDriver(this.page, this.baseUrl);
        await karta.waitForPickerMap();
        await karta.clickPickerMap(40, 40);
        break;
      }
      case 'edit':
        await go(`/places/${proposalId}/edit`);
        await ready('picker-marker');
        break;
      case 'my-submissions':
        await go('/my-submissions');
        await ready('my-submission');
        break;
      case 'review':
        await go('/review');
        await ready('place-diff');
        break;
      case 'flags':
        await go('/flags');
        await ready('flag-item');
        break;
      case 'checking':
        // Demo data has places nobody confirmed for over a year.
        await go('/checking');
        await ready('needs-checking-item');
        break;
      case 'categories':
        await go('/categories');
        await ready('category-row');
        break;
      case 'users':
        await go('/users');
        await ready('user-row');
        break;
      case 'jobs':
        // The mail the arranging sent, and the periodic ticks.
        await go('/jobs');
        await ready('job-row');
        break;
      case 'audit':
        // The webhook the arranging added, among the admins' actions.
        await go('/audit');
        await ready('audit-row');
        break;
      case 'webhooks':
        await go('/webhooks');
        await ready('webhook-row');
        break;
      case 'import':
        await go('/import');
        await ready('import-drop-zone');
        break;
    }
    // Whatever the page still loads after its content (lazy parts, map tiles) settles first.
    await this.page.waitForLoadState('networkidle');
  }

  /** axe-core's findings on the page as it is, one line per element: rule, impact, element, why. */
  async violations(): Promise<string[]> {
    return axeViolations(this.page);
  }

  private async signInAs(viewer: Viewer): Promise<void> {
    const context = this.page.context();
    const current = ScreenTour.signedIn.get(context) ?? 'visitor';
    if (current === viewer) return;
    const karta = new KartaDriver(this.page, this.baseUrl);
    await karta.forgetSession();
    if (viewer !== 'visitor') {
      await karta.openSignIn();
      await karta.signIn(viewer === 'staff' ? this.data.staff : this.data.contributor);
      await karta.waitForSignedIn();
    }
    ScreenTour.signedIn.set(context, viewer);
  }
}
