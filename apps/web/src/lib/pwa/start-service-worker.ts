import { whenIdleAfterFirstView } from '../after-first-view.ts';

/**
 * Registers the service worker once the first view is done: its precache downloads the whole app
 * (both languages, every screen), which must not compete with the map for a slow connection.
 *
 * A page reloads when a service worker takes over from another (a new version, chosen in this tab
 * or another): it would otherwise go on running old code, asking the new version's precache for
 * files it no longer has. The first worker taking over a page that had none changes no code.
 * Listening from the start, not from the registration, covers a tab opened moments before.
 */
export function startServiceWorkerLater(): void {
  if (!('serviceWorker' in navigator)) return;
  const container = navigator.serviceWorker;
  let controlled = container.controller !== null;
  let reloading = false;
  container.addEventListener('controllerchange', () => {
    if (controlled && !reloading) {
      reloading = true;
      window.location.reload();
    }
    controlled = true;
  });
  whenIdleAfterFirstView(() => {
    void import('./register-service-worker.ts').then((module) => module.registerServiceWorker());
  });
}
