import type en from '../../locales/en.json';

/** The shape every locale file follows: the English file is the source of the keys. */
export type Messages = typeof en;

// Adding a language is adding one file to src/locales: it is found here at build time.
const modules = import.meta.glob<Messages>('../../locales/*.json', { eager: true, import: 'default' });

/** Every bundled locale, by language code (the file name). */
export const localeMessages: Readonly<Record<string, Messages>> = Object.fromEntries(
  Object.entries(modules).map(([path, messages]) => [path.replace(/^.*\/([a-z]{2})\.json$/, '$1'), messages]),
);

/** Language codes with a locale file, sorted so the switch lists them in a stable order. */
export const bundledLanguages: readonly string[] = Object.keys(localeMessages).sort();

/** The language whose file defines the keys, used when nothing better is known. */
export const SOURCE_LANGUAGE = 'en';

/** Languages to offer: those with a locale file that the deployment enables (all bundled ones if none match). */
export function availableLanguages(configured: readonly string[]): string[] {
  const enabled = bundledLanguages.filter((code) => configured.includes(code));
  return enabled.length > 0 ? enabled : [...bundledLanguages];
}
