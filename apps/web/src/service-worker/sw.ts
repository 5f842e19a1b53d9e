/**
 * Karta's service worker, built by vite-plugin-pwa (injectManifest) from Workbox's parts: the
 * app's files precached, the page's shell when the network is down, and public API answers and
 * map tiles kept for offline use. Decision 024 says what is kept, for how long, and why.
 */
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst, NetworkOnly } from 'workbox-strategies';
import { DRAFTS_SYNC_TAG } from '../lib/offline/drafts/send-drafts.ts';
import { SAVED_AT_HEADER } from './saved-at-header.ts';
import { sendDraftsInWorker } from './send-drafts-in-worker.ts';
import {
  CACHE_NAMES,
  isMapTile,
  isOwnBasemapTile,
  isPublicApiRead,
  isPublicPhoto,
  SAVING_TILE_HEADER,
} from './sw-routes.ts';

declare const self: ServiceWorkerGlobalScope;

/** Background Sync's event (not in TypeScript's WebWorker types yet). */
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}

/** How long a request may wait for the network before the saved copy is used instead. */
const NETWORK_TIMEOUT_S = 4;
const DAY_S = 24 * 60 * 60;

// A new version waits until the reader chooses "Reload" (the page posts SKIP_WAITING, as
// vite-plugin-pwa's registerSW does), then takes every open tab, which reloads: an old tab never
// runs old code against a new server, nor asks for chunks the new precache no longer has.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
clientsClaim();

// Proposals and edits kept while offline (drafts/), sent when the browser is online again, even
// with no tab of Karta open.
self.addEventListener('sync', (event) => {
  const sync = event as SyncEvent;
  if (sync.tag === DRAFTS_SYNC_TAG) sync.waitUntil(sendDraftsInWorker());
});

// Every file of the build (JavaScript, CSS, both languages' messages, fonts, icons, index.html).
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

/** Marks an answer served from the cache with when it was saved, for the offline banner. */
const markSavedCopies = {
  cachedResponseWillBeUsed: async ({ cachedResponse }: { cachedResponse?: Response }) => {
    if (!cachedResponse) return cachedResponse;
    const headers = new Headers(cachedResponse.headers);
    headers.set(SAVED_AT_HEADER, cachedResponse.headers.get('date') ?? new Date(0).toUTCString());
    return new Response(await cachedResponse.blob(), {
      status: cachedResponse.status,
      statusText: cachedResponse.statusText,
      headers,
    });
  },
};

// Pages: every route is the same index.html, so a page comes from the network while there is one,
// else it is this version's precached shell (whose scripts the precache holds). A page kept per
// address would name the scripts of the build it was saved with.
registerRoute(
  new NavigationRoute(
    new NetworkOnly({
      networkTimeoutSeconds: NETWORK_TIMEOUT_S,
      plugins: [{ handlerDidError: async () => (await matchPrecache('/index.html')) ?? undefined }],
    }),
    { denylist: [/^\/api\//] },
  ),
);

// Public reads (configuration, categories, the map, lists, places, who is signed in): the
// network's answer while it answers, the last one saved when it does not.
registerRoute(
  ({ url, request }) =>
    request.method === 'GET' && url.origin === self.location.origin && isPublicApiRead(url),
  new NetworkFirst({
    cacheName: CACHE_NAMES.api,
    networkTimeoutSeconds: NETWORK_TIMEOUT_S,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 30 * DAY_S, purgeOnQuotaError: true }),
      markSavedCopies,
    ],
  }),
);

// Photos: the same, so a photo a moderator removed is not shown from the cache while online.
registerRoute(
  ({ url, request }) => request.method === 'GET' && url.origin === self.location.origin && isPublicPhoto(url),
  new NetworkFirst({
    cacheName: CACHE_NAMES.photos,
    networkTimeoutSeconds: NETWORK_TIMEOUT_S,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 100, maxAgeSeconds: 30 * DAY_S, purgeOnQuotaError: true }),
    ],
  }),
);

// Map tiles already seen (only those: the OpenStreetMap tile policy forbids fetching tiles ahead
// in bulk), most recent first. Tiles of another origin are opaque (status 0), which browsers
// count as large against the site's storage; the bound is low for that reason.
registerRoute(
  ({ url, request }) => request.destination === 'image' && isMapTile(url, self.location.origin),
  new CacheFirst({
    cacheName: CACHE_NAMES.tiles,
    plugins: [
      new CacheableResponsePlugin({ statuses: [0, 200] }),
      new ExpirationPlugin({ maxEntries: 250, maxAgeSeconds: 30 * DAY_S, purgeOnQuotaError: true }),
    ],
  }),
);

// The deployment's own base map (decision 028): a tile seen in the last day, else one kept with
// a saved area, else the network. Saved tiles are the page's to add and remove
// (features/offline/pack/saved-basemap.ts); they answer online too, so a saved area draws at once.
const fromSavedAreas = {
  cachedResponseWillBeUsed: async ({
    cachedResponse,
    request,
  }: {
    cachedResponse?: Response;
    request: Request;
  }) =>
    cachedResponse ??
    (await (await caches.open(CACHE_NAMES.basemapSaved)).match(request, { ignoreVary: true })) ??
    null,
};
registerRoute(
  ({ url, request }) =>
    request.method === 'GET' &&
    isOwnBasemapTile(url, self.location.origin) &&
    !request.headers.has(SAVING_TILE_HEADER),
  new CacheFirst({
    cacheName: CACHE_NAMES.basemap,
    plugins: [
      // 204: no tile there in the archive (sea, or outside it), an answer worth keeping too.
      new CacheableResponsePlugin({ statuses: [200, 204] }),
      new ExpirationPlugin({ maxEntries: 1000, maxAgeSeconds: DAY_S, purgeOnQuotaError: true }),
      fromSavedAreas,
    ],
  }),
);
