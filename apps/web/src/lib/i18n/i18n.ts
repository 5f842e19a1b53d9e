import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { loadAllMessages } from './all-messages.ts';
import { CompiledIcu } from './compiled-icu.ts';
import { bundledLanguages, type MessagePart, SOURCE_LANGUAGE } from './locales.ts';

/**
 * Creates the app's i18next instance in `language` with the messages of its first view (already
 * loaded, so it is ready at once; the rest follow, all-messages.ts), and keeps `<html lang>` in
 * step with it.
 */
export function createI18n(language: string, messages: MessagePart, doc: Document = document): i18n {
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

/**
 * Switches the UI language once all its messages are in (downloading them if this visit has not
 * used it yet): the screen shown may be any, and the first view's part alone would not do for it.
 */
export async function switchLanguage(instance: i18n, code: string): Promise<void> {
  await loadAllMessages(instance, code);
  await instance.changeLanguage(code);
}
