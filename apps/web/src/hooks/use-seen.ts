import { type RefObject, useEffect, useState } from 'react';

/**
 * Whether `element` has come within `margin` of the screen yet; once true, it stays true. For work a
 * long list should only do for what the reader reaches (a map, a request), and then keep. Without
 * IntersectionObserver everything counts as seen.
 */
export function useSeen(element: RefObject<Element | null>, margin = '300px'): boolean {
  const [seen, setSeen] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const target = element.current;
    if (seen || !target) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setSeen(true);
      },
      { rootMargin: margin },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [element, margin, seen]);
  return seen;
}
