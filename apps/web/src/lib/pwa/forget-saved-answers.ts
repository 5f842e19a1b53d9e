import { CACHE_NAMES } from '../../service-worker/sw-routes.ts';

/**
 * Drops the API answers the service worker saved for offline use: on sign-out, so the next person
 * at this browser is not shown, offline, what the signed-out account could see.
 */
export async function forgetSavedAnswers(): Promise<void> {
  if (typeof caches === 'undefined') return;
  await caches.delete(CACHE_NAMES.api).catch(() => false);
}
