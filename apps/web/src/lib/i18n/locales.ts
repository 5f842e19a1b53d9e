import type en from '../../locales/en.json';
import { displayNames } from './intl-formats.ts';

/**
 * The shape every locale file follows: the English file is the source of the keys. The app gets
 * each message compiled at build (build/compile-messages.ts): its text, or an ICU message's syntax
 * tree for compiled-icu.ts to format; only i18next reads them.
 */
export type Messages = typeof en;

/** One of the two parts of a language's messages (first-view-messages.ts), nested as the file is. */
export type MessagePart = { [key: string]: unknown };

type PartLoader = () => Promise<MessagePart>;

// Adding a language is adding one file to src/locales: it is found here at build time, and each
// file becomes two chunks of its own, so a new language never grows what the home page downloads.
// Imported as it is, a file gives the messages of the first view; with `?later`, all the others.
const firstViewLoaders = import.meta.glob<MessagePart>('../../locales/*.json', { import: 'default' });
const laterLoaders = import.meta.glob<MessagePart>('../../locales/*.json', {
  query: '?later',
  import: 'default',
});

const byLanguage = (loaders: Record<string, PartLoader>) =>
  new Map(
    Object.entries(loaders).map(([path, load]) => [path.replace(/^.*\/([a-z]{2})\.json.*$/, '$1'), load]),
  );

const firstViewByLanguage = byLanguage(firstViewLoaders);
const laterByLanguage = byLanguage(laterLoaders);

/** Language codes with a locale file, sorted so the switch lists them in a stable order. */
export const bundledLanguages: readonly string[] = [...firstViewByLanguage.keys()].sort();

/** The language whose file defines the keys, used when nothing better is known. */
export const SOURCE_LANGUAGE = 'en';

function loadPart(loaders: Map<string, PartLoader>, code: string): Promise<MessagePart> {
  const load = loaders.get(code) ?? loaders.get(SOURCE_LANGUAGE);
  if (!load) return Promise.reject(new Error(`No locale file for "${code}"`));
  return load();
}

/** The messages of one language that the home page's first view shows (downloaded on first use). */
export function loadFirstViewMessages(code: string): Promise<MessagePart> {
  return loadPart(firstViewByLanguage, code);
}

/** Every other message of one language: those of the lazy screens (downloaded on first use). */
export function loadLaterMessages(code: string): Promise<MessagePart> {
  return loadPart(laterByLanguage, code);
}

/** Languages to offer: those with a locale file that the deployment enables (all bundled ones if none match). */
export function availableLanguages(configured: readonly string[]): string[] {
  const enabled = bundledLanguages.filter((code) => configured.includes(code));
  return enabled.length > 0 ? enabled : [...bundledLanguages];
}

/** A language's name in that language ("Hrvatski", "English"), from the browser's own data. */
export function languageName(code: string): string {
  try {
    const name = displayNames(code, { type: 'language' }).of(code) ?? code;
    return name.charAt(0).toLocaleUpperCase(code) + name.slice(1);
  } catch {
    return code;
  }
}

/**
 * A language's name in the reader's language ("Croatian" for an English reader, "engleski" for a
 * Croatian one), from the browser's own data, so a new content language needs no translation key.
 */
export function languageNameIn(code: string, readerLanguage: string): string {
  try {
    return displayNames(readerLanguage, { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}
