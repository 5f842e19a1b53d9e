import { readStoredLanguage } from './language-storage.ts';

const LANGUAGE_TAG = /^[a-z]{2,3}(?:[-_][a-z0-9]{2,8})*$/i;

/** Whether a path is the embeddable map, which another site frames. */
export function isEmbedPath(pathname: string): boolean {
  return pathname === '/embed' || pathname === '/embed/';
}

/**
 * The language the reader chose, for language detection to try first. The embed takes it from its
 * link (`?lang=hr`, set by the site that frames it) and otherwise follows the browser: it has no
 * language switch, so a choice stored on Karta's own pages does not apply to it.
 */
export function chosenLanguage(
  location: Pick<Location, 'pathname' | 'search'> = window.location,
): string | null {
  if (!isEmbedPath(location.pathname)) return readStoredLanguage();
  const requested = new URLSearchParams(location.search).get('lang');
  return requested && LANGUAGE_TAG.test(requested) ? requested : null;
}
