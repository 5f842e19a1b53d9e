import i18next, { type i18n } from 'i18next';
import ICU from 'i18next-icu';
import { initReactI18next } from 'react-i18next';
import { localeMessages, SOURCE_LANGUAGE } from './locales.ts';

/**
 * Creates the app's i18next instance in `language`, ready at once (the locale files are bundled),
 * and keeps `<html lang>` in step with it.
 */
export function createI18n(language: string, doc: Document = document): i18n {
  const instance = i18next.createInstance();
  instance.on('languageChanged', (code) => {
    doc.documentElement.lang = code;
  });
  void instance
    .use(ICU)
    .use(initReactI18next)
    .init({
      lng: language,
      fallbackLng: SOURCE_LANGUAGE,
      supportedLngs: Object.keys(localeMessages),
      resources: Object.fromEntries(
        Object.entries(localeMessages).map(([code, messages]) => [code, { translation: messages }]),
      ),
      // React escapes text itself; ICU messages are plain text.
      interpolation: { escapeValue: false },
      initAsync: false,
    });
  return instance;
}
