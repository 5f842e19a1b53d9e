/** How long after the page's load event the first view keeps the network to itself. */
const FIRST_VIEW_PAUSE_MS = 2000;

/**
 * Runs `task` when the browser is idle after the first view: once the page has loaded, a pause
 * (the map's data and engine are still arriving then), then an idle moment. For downloads that
 * make later steps instant (another language, the search's suggestions) without competing with
 * the map for a slow connection. Returns a function that cancels it.
 */
export function whenIdleAfterFirstView(task: () => void): () => void {
  let cancelled = false;
  let cancelStep = () => {};
  const idle = () => {
    if (cancelled) return;
    if ('requestIdleCallback' in window) {
      const id = window.requestIdleCallback(task, { timeout: 3000 });
      cancelStep = () => window.cancelIdleCallback(id);
    } else {
      task();
    }
  };
  const pause = () => {
    const id = window.setTimeout(idle, FIRST_VIEW_PAUSE_MS);
    cancelStep = () => window.clearTimeout(id);
  };
  if (document.readyState === 'complete') pause();
  else {
    window.addEventListener('load', pause, { once: true });
    cancelStep = () => window.removeEventListener('load', pause);
  }
  return () => {
    cancelled = true;
    cancelStep();
  };
}
