const STORAGE_KEY = 'karta.language';

/** The language the user chose with the switch, or null (storage can be blocked: treat as unset). */
export function readStoredLanguage(): string | null {
  try {
    return window.localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

/** Remembers an explicit choice; the browser's language is never stored, so it keeps being followed. */
export function storeLanguage(code: string): void {
  try {
    window.localStorage.setItem(STORAGE_KEY, code);
  } catch {
    // Private modes may refuse storage; the choice then lasts for this visit only.
  }
}
