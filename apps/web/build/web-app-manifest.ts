import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ManifestOptions } from 'vite-plugin-pwa';

const LOCALES = join(import.meta.dirname, '..', 'src', 'locales');
/** The locale file that defines the keys (src/lib/i18n/locales.ts), and the manifest's own language. */
const SOURCE_LANGUAGE = 'en';

/** Each locale file's `manifest.description`, by language code. */
export function manifestDescriptions(): Record<string, string> {
  const files = readdirSync(LOCALES).filter((name) => /^[a-z]{2}\.json$/.test(name));
  return Object.fromEntries(
    files.map((name) => {
      const messages = JSON.parse(readFileSync(join(LOCALES, name), 'utf8'));
      return [name.slice(0, 2), String(messages.manifest.description)];
    }),
  );
}

/** The manifest's members; `description_localized` is the spec's own, which vite-plugin-pwa's type lacks. */
type WebAppManifest = Partial<ManifestOptions> & { description_localized: Record<string, string> };

/**
 * What the browser needs to install Karta as an app (the web app manifest). One build serves every
 * deployment, and a manifest is one file fetched without the page's language: so its text is in
 * Karta's source language (`lang`), and it does not claim the deployment's DEFAULT_LANGUAGE, which
 * only the running server knows. Every interface language's description comes from its locale file
 * as `description_localized` (the manifest's localized members, keyed by language): a browser that
 * reads them shows the reader's, others show English. The name is Karta in every language. The
 * colours are the logo's blue and the page's background.
 */
function buildWebAppManifest(): WebAppManifest {
  const { [SOURCE_LANGUAGE]: description, ...translations } = manifestDescriptions();
  return {
    id: '/',
    name: 'Karta',
    short_name: 'Karta',
    description,
    description_localized: translations,
    lang: SOURCE_LANGUAGE,
    dir: 'ltr',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: '#1d4ed8',
    background_color: '#f9fafb',
    icons: [
      { src: '/icons/karta-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/karta-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/karta-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}

export const webAppManifest = buildWebAppManifest();
