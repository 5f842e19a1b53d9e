import { registerSW } from 'virtual:pwa-register';
import { offerUpdate } from './update-state.ts';

/** How often an open tab asks whether a new version has been deployed. */
const UPDATE_CHECK_MS = 30 * 60 * 1000;

/**
 * Registers Karta's service worker (src/service-worker/sw.ts). A new version waits until the reader
 * chooses to reload (the update prompt); the browser looks for one at each page load, and an open
 * tab asks every half hour and whenever it comes back into view.
 */
export function registerServiceWorker(): void {
  const apply = registerSW({
    immediate: true,
    onNeedRefresh: () => offerUpdate(() => apply(true)),
    // Reloading when the new version takes over is start-service-worker.ts's, for every tab.
    onNeedReload: () => {},
    onRegisteredSW: (_url, registration) => {
      if (!registration) return;
      const check = () => {
        if (navigator.onLine && !registration.installing) void registration.update().catch(() => {});
      };
      window.setInterval(check, UPDATE_CHECK_MS);
      document.addEventListener('visibilitychange', () => {
        if (document.visibilityState === 'visible') check();
      });
    },
  });
}
