/** How long saving an area waits for the app itself to be stored before it says it is done. */
const SHELL_WAIT_MS = 30_000;

/**
 * Resolves once a service worker is active for the site, which means its precache (the whole app,
 * both languages, every screen) is stored: true then; false where there is none, or past
 * `timeoutMs` (the saved places still answer whenever the app is opened online).
 */
export async function appShellStored(timeoutMs = SHELL_WAIT_MS): Promise<boolean> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<false>((done) => {
    timer = setTimeout(() => done(false), timeoutMs);
  });
  try {
    return await Promise.race([navigator.serviceWorker.ready.then(() => true as const), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
