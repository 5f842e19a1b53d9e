/**
 * Scrolls `section` (a page's map) back into view when it has scrolled away above: on a phone the
 * list is below the map, and a place chosen from it opens its info window on the map. The page
 * goes as far up as still shows the whole map, to the top when it fits (so the header, with the
 * search, stays in view); smoothly, unless the user asked for reduced motion.
 */
export function scrollMapIntoView(section: HTMLElement | null): void {
  if (!section) return;
  const box = section.getBoundingClientRect();
  if (box.top >= 0) return;
  const top = box.top + window.scrollY;
  const bottom = box.bottom + window.scrollY;
  const target = Math.min(top, Math.max(0, bottom - window.innerHeight));
  const smooth = !window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  window.scrollTo({ top: target, behavior: smooth ? 'smooth' : 'auto' });
}
