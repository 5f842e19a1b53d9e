/**
 * Set by the service worker on an API answer it served from its cache (the network did not
 * answer): when that answer was saved, as an HTTP date. The page shows it in the offline banner.
 */
export const SAVED_AT_HEADER = 'x-karta-saved-at';
