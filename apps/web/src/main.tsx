import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { runtimeConfigQuery } from './config/runtime-config.ts';
import { firstTileOfPage, preloadFirstTile } from './features/map/utils/first-tile.ts';
import { answerFromSavedAreasLater } from './features/offline/pack/answer-from-saved-areas-later.ts';
import { whenIdleAfterFirstView } from './lib/after-first-view.ts';
import { answerReadsOfflineWith, loadAnswerChecksLater } from './lib/api-client.ts';
import { dismissFirstViewLater } from './lib/first-view.ts';
import { detectLanguage } from './lib/i18n/detect-language.ts';
import { createI18n } from './lib/i18n/i18n.ts';
import { bundledLanguages, loadFirstViewMessages, SOURCE_LANGUAGE } from './lib/i18n/locales.ts';
import { chosenLanguage } from './lib/i18n/requested-language.ts';
import { startServiceWorkerLater } from './lib/pwa/start-service-worker.ts';
import { createQueryClient } from './lib/query-client.ts';
import { initSentry } from './lib/sentry/report-error.ts';
import './styles/index.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// The runtime config and the messages of the reader's first view load side by side, so neither waits
// on the other.
const queryClient = createQueryClient();
// Error reporting starts as soon as the config names the DSN, outside React: a page whose first
// render fails (and so never gets further) still sends what its error boundary caught.
// The map's first tile is the page's largest paint: asked for as soon as the config names the
// tile server, not once the engine has loaded and drawn the map.
// A config that does not load is the config gate's to show.
void queryClient.ensureQueryData(runtimeConfigQuery).then(
  (config) => {
    void initSentry(config.sentry);
    const tile = firstTileOfPage(config, new URL(window.location.href), window.devicePixelRatio > 1);
    if (tile) preloadFirstTile(tile);
  },
  () => {},
);
answerReadsOfflineWith(answerFromSavedAreasLater);
loadAnswerChecksLater();
dismissFirstViewLater();
startServiceWorkerLater();
// Proposals and edits kept while offline go out as soon as the server answers (drafts/).
whenIdleAfterFirstView(() => {
  void import('./features/offline/drafts/draft-sync.ts').then((module) => module.startDraftSync(queryClient));
});

// The language is known before the first paint (stored choice, then the browser), so even the
// loading screen is in the reader's language; the config may still narrow it down later.
const language = detectLanguage({
  stored: chosenLanguage(),
  browser: navigator.languages,
  available: bundledLanguages,
  fallback: SOURCE_LANGUAGE,
});

// Rendered as a transition: React works on the first render in slices, giving the main thread back
// between them, instead of one long task that keeps a tap on the page (the first view's map
// already shows) waiting.
void loadFirstViewMessages(language).then((messages) => {
  const app = createRoot(root);
  startTransition(() => {
    app.render(
      <StrictMode>
        <App i18n={createI18n(language, messages)} queryClient={queryClient} />
      </StrictMode>,
    );
  });
});
