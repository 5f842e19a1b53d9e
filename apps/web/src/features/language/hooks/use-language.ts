import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { storeLanguage } from '../../../lib/i18n/language-storage.ts';
import { localeMessages } from '../../../lib/i18n/locales.ts';

/** The UI language, and a switch that also remembers the choice for the next visit. */
export function useLanguage() {
  const { i18n } = useTranslation();
  const changeLanguage = useCallback(
    (code: string) => {
      storeLanguage(code);
      void i18n.changeLanguage(code);
    },
    [i18n],
  );
  return { language: i18n.resolvedLanguage ?? i18n.language, changeLanguage };
}

/** A language's name in that language ("Hrvatski"), as each locale file names itself. */
export function languageName(code: string): string {
  return localeMessages[code]?.meta.languageName ?? code;
}
