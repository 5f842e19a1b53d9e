import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { whenIdleAfterFirstView } from '../after-first-view.ts';
import { CompiledIcu } from './compiled-icu.ts';
import { bundledLanguages, loadMessages, type Messages, SOURCE_LANGUAGE } from './locales.ts';

/**
 * Creates the app's i18next instance in `language` with that language's messages (already loaded,
 * so it is ready at once), and keeps `<html lang>` in step with it.
 */
export function createI18n(language: string, messages: Messages, doc: Document = document): i18n {
  const instance = i18next.createInstance();
  instance.on('languageChanged', (code) => {
    doc.documentElement.lang = code;
  });
  void instance
    .use(new CompiledIcu())
    .use(initReactI18next)
    .init({
      lng: language,
      fallbackLng: SOURCE_LANGUAGE,
      supportedLngs: [...bundledLanguages],
      resources: { [language]: { translation: messages } },
      // React escapes text itself; ICU messages are plain text.
      interpolation: { escapeValue: false },
      initAsync: false,
    });
  return instance;
}

/** Switches the UI language, downloading its messages first if this visit has not used it yet. */
export async function switchLanguage(instance: i18n, code: string): Promise<void> {
  if (!instance.hasResourceBundle(code, 'translation')) {
    instance.addResourceBundle(code, 'translation', await loadMessages(code));
  }
  await instance.changeLanguage(code);
}

/**
 * Downloads the other languages' messages in the background after the first view, so the language
 * switch then changes every word at once instead of waiting on the network.
 */
export function preloadLanguages(instance: i18n, codes: readonly string[]): void {
  const load = () => {
    for (const code of codes) {
      if (instance.hasResourceBundle(code, 'translation')) continue;
      void loadMessages(code).then((messages) => {
        if (!instance.hasResourceBundle(code, 'translation')) {
          instance.addResourceBundle(code, 'translation', messages);
        }
      });
    }
  };
  whenIdleAfterFirstView(load);
}
