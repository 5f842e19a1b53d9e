import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchIcon } from '../../../components/ui/icons.tsx';

/** The search field's look, shared by the plain field and the combobox so the hand-over does not show. */
export const SEARCH_INPUT_CLASS =
  'h-10 w-full rounded-lg border border-gray-300 bg-gray-50 pr-9 pl-9 text-sm text-gray-900 placeholder:text-gray-500 focus:border-blue-700 focus:bg-white';

interface SearchFormProps {
  onSubmit(event: React.FormEvent<HTMLFormElement>): void;
  /** The label's own id (when the field names it) and the field it labels. */
  label: { id?: string; htmlFor: string };
  className?: string;
  children: ReactNode;
}

/** The search landmark around the field: its label for screen readers and the magnifying glass. */
export function SearchForm({ onSubmit, label, className = '', children }: SearchFormProps) {
  const { t } = useTranslation();
  return (
    // biome-ignore lint/a11y/useSemanticElements: a form with role=search is the landmark every screen reader knows
    <form
      role="search"
      aria-label={t('search.label')}
      onSubmit={onSubmit}
      className={`relative ${className}`}
    >
      <label id={label.id} htmlFor={label.htmlFor} className="sr-only">
        {t('search.label')}
      </label>
      <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-gray-500" />
      {children}
    </form>
  );
}
