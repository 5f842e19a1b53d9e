import { useEffect } from 'react';
import { whenIdleAfterFirstView } from '../lib/after-first-view.ts';

/**
 * Fetches a lazy chunk (`load`, the `import()` behind a `React.lazy`) when the page is idle after
 * its first view, or sooner when the visitor reaches for what opens it: spread the handlers this
 * returns on that button. A chunk already fetched is not fetched again (the browser keeps the
 * module), so `load` may run more than once.
 */
export function usePreload(load: () => Promise<unknown>) {
  useEffect(() => whenIdleAfterFirstView(() => void load()), [load]);
  return { onPointerEnter: () => void load(), onFocus: () => void load() };
}
