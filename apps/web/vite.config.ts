import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { compiledMessages } from './build/compile-messages.ts';
import { firstScript } from './build/first-script.ts';
import { precompress } from './build/precompress.ts';
import { webAppManifest } from './build/web-app-manifest.ts';
import { FIRST_VIEW_MESSAGES } from './src/lib/i18n/first-view-messages.ts';

// The early-error buffer and what it imports: the page's first script, a chunk of its own that runs
// before any other (build/first-script.ts).
const FIRST_SCRIPT_MODULES = /[\\/]src[\\/](early-errors|lib[\\/]sentry[\\/]early-error-buffer)\.ts$/;

// Deployment settings never enter the build: the app reads them from GET /api/v1/config at start.
export default defineConfig({
  // Brotli and gzip copies beside each asset, served by Accept-Encoding (apps/server/src/http/web-app.ts).
  // The early-error buffer runs before every other script (lib/sentry/early-error-buffer.ts).
  // Locale files are compiled to ICU syntax trees, so the browser needs no message parser, and
  // each is split into the first view's messages and the rest (src/lib/i18n/first-view-messages.ts).
  // The service worker (src/service-worker/sw.ts) is built with Workbox's precache list of the
  // build and registered by the page after its first view (src/lib/pwa/); decision 024.
  plugins: [
    compiledMessages({ firstView: FIRST_VIEW_MESSAGES }),
    react(),
    tailwindcss(),
    firstScript('src/early-errors.ts'),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/service-worker',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      manifest: webAppManifest,
      // The manifest's icons are in public/ and so in the glob below already.
      includeManifestIcons: false,
      injectManifest: {
        // Everything the app may need offline; the .br/.gz copies and source maps are not files of
        // their own to the browser.
        globPatterns: ['**/*.{js,css,html,woff2,svg,png}'],
        // A classic script, as browsers register it: an ES build would keep Vite's preload helper
        // (`import.meta`) for the API client's lazy contracts, which a classic worker cannot parse.
        rollupFormat: 'iife',
      },
    }),
    precompress(),
  ],
  resolve: {
    alias: {
      // formatjs's own way to leave the parser out when every message is compiled (−8 kB gzip of
      // the first view); an uncompiled message would throw instead of showing.
      '@formatjs/icu-messageformat-parser': '@formatjs/icu-messageformat-parser/no-parser.js',
    },
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:8080' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The CSP allows scripts from 'self' only; the preload polyfill would be bundled anyway,
    // but modern browsers support modulepreload natively, so it is dead weight.
    modulePreload: { polyfill: false },
    // Generated for error reporting, never referenced from the served bundles.
    sourcemap: 'hidden',
    // Read by the server to name what the page needs first in its Link header (page-hints.ts).
    manifest: true,
    // Leaflet's stylesheet names images of its layers control and default marker, which Karta
    // never shows (its markers are divIcons): as files they are never fetched, inlined they were
    // 3.8 kB gzip of the first view's CSS.
    assetsInlineLimit: (file) => (/[\\/]node_modules[\\/]leaflet[\\/]/.test(file) ? false : undefined),
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // zod with our settings for it (src/lib/zod-config.ts) in one chunk, settings right after
            // zod: every chunk that builds schemas imports it, so no schema exists before them.
            { name: 'zod', test: /[\\/](node_modules[\\/]zod[\\/]|src[\\/]lib[\\/]zod-config\.ts$)/ },
            // Everything the page runs at start, in one chunk: the entry's. Left to itself, the bundler
            // cut it into some twenty chunks shared with the lazy screens, each a request of its own
            // and compressed apart (7 kB gzip more in all). The first script keeps its own chunk.
            { name: 'index', tags: ['$initial'], test: (id) => !FIRST_SCRIPT_MODULES.test(id) },
          ],
        },
      },
    },
  },
});
