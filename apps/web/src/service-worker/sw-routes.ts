/** The caches the service worker keeps besides its precache; the page clears `api` on sign-out. */
export const CACHE_NAMES = {
  api: 'karta-api',
  photos: 'karta-photos',
  tiles: 'karta-tiles',
  /** The deployment's own base-map tiles seen while browsing (a day, as the server says). */
  basemap: 'karta-basemap',
  /** The same tiles kept with saved areas, until the area is removed (offline/pack/saved-basemap.ts). */
  basemapSaved: 'karta-basemap-saved',
} as const;

/**
 * The API reads kept for offline use: what any visitor may read, and who is signed in. Anything
 * else (review lists, accounts, exports, feeds) is only ever fetched: it is private, or large, or
 * not needed offline.
 */
const PUBLIC_API_READ =
  /^\/api\/v1\/(?:config|categories|map|opening-hours|auth\/me|places(?:\/suggestions|\/similar|\/\d+(?:\/photos|\/notes)?)?)$/;

/**
 * Lists of places that only staff may ask for (`status` other than published, `mine`): private
 * to the account, so never kept.
 */
const PRIVATE_LIST_PARAMS = ['status', 'mine'];

/**
 * Answers that are true only at the moment they were given (what is open now, or at an hour):
 * never kept, so offline the saved areas answer them for the moment asked.
 */
const MOMENT_PARAMS = ['openNow', 'openAt'];

export function isPublicApiRead(url: URL): boolean {
  if (!PUBLIC_API_READ.test(url.pathname)) return false;
  if (MOMENT_PARAMS.some((name) => url.searchParams.has(name))) return false;
  if (url.pathname !== '/api/v1/places') return true;
  return PRIVATE_LIST_PARAMS.every((name) => !url.searchParams.has(name));
}

export function isPublicPhoto(url: URL): boolean {
  return /^\/api\/v1\/photos\/\d+\/(?:thumb|large)\.webp$/.test(url.pathname);
}

/** A raster tile of another server: `…/{z}/{x}/{y}.png` (or `@2x`, jpg, webp), as TILE_URL names them. */
export function isMapTile(url: URL, ownOrigin: string): boolean {
  return url.origin !== ownOrigin && /\/\d{1,2}\/\d+\/\d+(?:@2x)?\.(?:png|jpe?g|webp)$/.test(url.pathname);
}

/**
 * Marks the page's requests for tiles it keeps with a saved area: the service worker leaves them
 * to the network instead of keeping a second copy among the tiles seen.
 */
export const SAVING_TILE_HEADER = 'x-karta-saving-tile';

/** A tile of the deployment's own vector base map, `/tiles/{z}/{x}/{y}.mvt` on this server. */
export function isOwnBasemapTile(url: URL, ownOrigin: string): boolean {
  return url.origin === ownOrigin && /^\/tiles\/\d{1,2}\/\d+\/\d+\.mvt$/.test(url.pathname);
}
