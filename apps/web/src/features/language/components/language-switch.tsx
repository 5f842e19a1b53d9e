import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { GlobeIcon } from '../../../components/ui/icons.tsx';
import { languageName } from '../../../lib/i18n/locales.ts';
import { useLanguage } from '../hooks/use-language.ts';

/** The language switch in the header: each language listed by its own name. */
export function LanguageSwitch({ languages }: { languages: readonly string[] }) {
  const { t } = useTranslation();
  const { language, changeLanguage } = useLanguage();
  const id = useId();
  return (
    <div className="relative flex items-center">
      <label htmlFor={id} className="sr-only">
        {t('language.label')}
      </label>
      <GlobeIcon className="pointer-events-none absolute left-2.5 size-4 text-gray-500" />
      <select
        id={id}
        data-testid="language-switch"
        value={language}
        onChange={(event) => changeLanguage(event.target.value)}
        className="h-9 appearance-none rounded-lg border border-gray-300 bg-white pr-8 pl-8 text-sm font-medium text-gray-800 hover:border-gray-400"
      >
        {languages.map((code) => (
          <option key={code} value={code} lang={code}>
            {languageName(code)}
          </option>
        ))}
      </select>
      <svg
        aria-hidden="true"
        viewBox="0 0 20 20"
        fill="currentColor"
        className="pointer-events-none absolute right-2 size-4 text-gray-500"
      >
        <path d="M5.2 7.2a.75.75 0 0 1 1.06.02L10 11.17l3.74-3.95a.75.75 0 1 1 1.08 1.04l-4.28 4.5a.75.75 0 0 1-1.08 0l-4.28-4.5a.75.75 0 0 1 .02-1.06Z" />
      </svg>
    </div>
  );
}
