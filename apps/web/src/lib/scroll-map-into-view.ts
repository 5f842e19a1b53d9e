/**
 * Scrolls `section` (a page's map) back into view when it has scrolled away above: on a phone the
 * list is below the map, and a place chosen from it opens its info window on the map. Smoothly,
 * unless the user asked for reduced motion.
 */
export function scrollMapIntoView(section: HTMLElement | null): void {
  if (!section || section.getBoundingClientRect().top >= 0) return;
  const smooth = !window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  section.scrollIntoView({ block: 'start', behavior: smooth ? 'smooth' : 'auto' });
}
