import { type RefObject, useEffect, useState } from 'react';

/**
 * The Fullscreen API on one element: whether the browser offers it here (a frame needs
 * `allowfullscreen`), whether the element fills the screen now, and a switch. Escape, or the
 * browser's own way out, ends it as well.
 */
export function useFullscreen(target: RefObject<HTMLElement | null>) {
  const [supported] = useState(() => document.fullscreenEnabled === true);
  const [active, setActive] = useState(false);
  useEffect(() => {
    const changed = () =>
      setActive(document.fullscreenElement !== null && document.fullscreenElement === target.current);
    document.addEventListener('fullscreenchange', changed);
    return () => document.removeEventListener('fullscreenchange', changed);
  }, [target]);
  function toggle() {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void target.current?.requestFullscreen().catch(() => {});
  }
  return { supported, active, toggle };
}
