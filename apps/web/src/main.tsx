import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { detectLanguage } from './lib/i18n/detect-language.ts';
import { createI18n } from './lib/i18n/i18n.ts';
import { readStoredLanguage } from './lib/i18n/language-storage.ts';
import { bundledLanguages, SOURCE_LANGUAGE } from './lib/i18n/locales.ts';
import './styles/index.css';

// The language is known before the first paint (stored choice, then the browser), so even the
// loading screen is in the reader's language; the config may still narrow it down later.
const i18n = createI18n(
  detectLanguage({
    stored: readStoredLanguage(),
    browser: navigator.languages,
    available: bundledLanguages,
    fallback: SOURCE_LANGUAGE,
  }),
);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <App i18n={i18n} />
  </StrictMode>,
);
