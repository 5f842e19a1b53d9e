/**
 * The messages the home page's first view may show: sections of the locale files, or groups and
 * messages within one (`auth.menu`). The build splits each language's file in two along this list
 * (build/compile-messages.ts), because the first view has a budget (docs/performance.md) and most
 * of a file is the text of other screens: the staff pages, the editor, the importer, sign-in and
 * account pages. The home page downloads only these (4 kB gzip of English, of 17); the rest
 * arrives with the first screen that needs it, or when the page is idle after its first view
 * (all-messages.ts). So every other page is a lazy route made with `lazyWithAllMessages`, which
 * waits for the rest, and so is the follow dialog; a screen made with plain `React.lazy` would
 * show keys.
 *
 * A component the home page, the frame of every page or the startup screen renders must find its
 * messages here: app/first-view-messages.test.tsx renders them with only this part and fails on
 * any message it lacks. A key added to a section listed whole comes along by itself.
 */
export const FIRST_VIEW_MESSAGES: readonly string[] = [
  // Before the config has arrived, and what any page may show of an error.
  'startup',
  'errors',
  // The frame of every page: header, language switch, account menu (its staff and import links),
  // the offline and verify-email banners, footer, update prompt, a lazy page's loading line.
  'app',
  'language',
  'auth.signInLink',
  'auth.menu',
  'auth.roles',
  'auth.errors',
  'auth.verifyEmail',
  'staff.nav',
  'importer.menu',
  'offline',
  'notFound',
  'placePage.loading',
  // The home page: the map, search, category filter, open-now switch, field filters, the list and
  // the links under it, the invitation to propose a place, the share dialog and the follow button
  // (its dialog waits for the rest); and the map alone in another site's frame.
  'map',
  // The plain search field; its combobox brings every message with it (search-field.tsx).
  'search.label',
  'search.placeholder',
  'search.nearMe',
  'categories.label',
  'categories.all',
  'categories.unknown',
  'openingHours.openNowOnly',
  'filters',
  'places',
  'placeEditor.entry',
  'share',
  'dialog',
  'follows.button',
  'embed',
  // The info window of a place on the map, and of a cluster's places.
  'actions',
  'photos.fallbackAlt',
  'photos.count',
  'freshness.stale',
  // What a visitor reported of a place today, in its info window and its row of the list.
  'placeNotes.effect',
  'placeNotes.reportedBy',
  'placeNotes.reportedAnonymous',
  'placeNotes.statusLabel',
  'placeNotes.justNow',
  'openingHours.open',
  'openingHours.openAlways',
  'openingHours.openClosesAt',
  'openingHours.openClosesOn',
  'openingHours.closed',
  'openingHours.closedToday',
  'openingHours.opensAt',
  'openingHours.opensOn',
];
