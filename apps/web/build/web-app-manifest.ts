import type { ManifestOptions } from 'vite-plugin-pwa';

/**
 * What the browser needs to install Karta as an app (the web app manifest). One build serves
 * every deployment, so the name is Karta's own and the language the source language's; the
 * colours are the logo's blue and the page's background.
 */
export const webAppManifest: Partial<ManifestOptions> = {
  id: '/',
  name: 'Karta',
  short_name: 'Karta',
  description: 'A community map of places: find what is near you, or what serves a given spot.',
  lang: 'en',
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
