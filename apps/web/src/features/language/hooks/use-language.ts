import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { switchLanguage } from '../../../lib/i18n/i18n.ts';
import { storeLanguage } from '../../../lib/i18n/language-storage.ts';

/** The UI language, and a switch that also remembers the choice for the next visit. */
export function useLanguage() {
  const { i18n } = useTranslation();
  const changeLanguage = useCallback(
    (code: string) => {
      storeLanguage(code);
      void switchLanguage(i18n, code);
    },
    [i18n],
  );
  return { language: i18n.resolvedLanguage ?? i18n.language, changeLanguage };
}
