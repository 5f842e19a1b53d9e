import { type ComponentType, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchIcon } from '../../../components/ui/icons.tsx';
import { whenIdleAfterFirstView } from '../../../lib/after-first-view.ts';
import { MAX_SEARCH_LENGTH, parseSearchText } from '../../../lib/view-url.ts';
import type { SearchComboboxProps, SearchFieldStart } from './search-combobox.tsx';

/** The combobox with its suggestions (downshift among them): a chunk of its own, off the first view. */
const loadCombobox = () => import('./search-combobox.tsx');

type Combobox = ComponentType<SearchComboboxProps>;

/**
 * The header's search field. The page shows a plain field at once and fetches the combobox
 * (suggestions, keyboard navigation) when the browser is idle after the first view, or as soon as the user reaches for
 * the field; the combobox then takes over with the text, the focus and the caret as they were.
 * Enter already searches in the plain field, so nothing waits on the download.
 */
export function SearchField(props: SearchComboboxProps) {
  const { value, onSubmit, className = '' } = props;
  const { t } = useTranslation();
  const [Loaded, setLoaded] = useState<Combobox | null>(null);
  const [text, setText] = useState(value ?? '');
  const input = useRef<HTMLInputElement>(null);

  const [shownValue, setShownValue] = useState(value);
  if (value !== shownValue) {
    setShownValue(value);
    setText(value ?? '');
  }

  const loading = useRef(false);
  const load = () => {
    if (loading.current) return;
    loading.current = true;
    void loadCombobox().then((module) => setLoaded(() => module.SearchCombobox));
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: `load` only ever starts the one download
  useEffect(() => whenIdleAfterFirstView(load), []);

  if (Loaded) {
    // Read while the plain field is still on the page: what the user typed up to this very moment.
    const field = input.current;
    const focused = field !== null && document.activeElement === field;
    const start: SearchFieldStart = {
      text: field?.value ?? text,
      selection: focused ? [field.selectionStart ?? 0, field.selectionEnd ?? 0] : null,
    };
    return <Loaded {...props} start={start} />;
  }

  return (
    // biome-ignore lint/a11y/useSemanticElements: a form with role=search is the landmark every screen reader knows
    <form
      role="search"
      aria-label={t('search.label')}
      onSubmit={(event) => {
        event.preventDefault();
        const typed = parseSearchText(text);
        if (typed !== undefined) onSubmit(typed);
      }}
      className={`relative ${className}`}
    >
      <label htmlFor="search-field" className="sr-only">
        {t('search.label')}
      </label>
      <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-gray-500" />
      <input
        ref={input}
        id="search-field"
        data-testid="search-input"
        type="text"
        autoComplete="off"
        spellCheck={false}
        enterKeyHint="search"
        maxLength={MAX_SEARCH_LENGTH}
        placeholder={t('search.placeholder')}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onFocus={load}
        onPointerEnter={load}
        className="h-10 w-full rounded-lg border border-gray-300 bg-gray-50 pr-9 pl-9 text-sm text-gray-900 placeholder:text-gray-500 focus:border-blue-700 focus:bg-white"
      />
    </form>
  );
}
