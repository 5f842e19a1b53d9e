import type { i18n } from 'i18next';
import { type ComponentType, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { whenIdleAfterFirstView } from '../../../lib/after-first-view.ts';
import { loadAllMessages } from '../../../lib/i18n/all-messages.ts';
import { MAX_SEARCH_LENGTH, parseSearchText } from '../../../lib/view-url.ts';
import type { SearchComboboxProps, SearchFieldStart } from './search-combobox.tsx';
import { SEARCH_INPUT_CLASS, SearchForm } from './search-form.tsx';

/**
 * The combobox with its suggestions (downshift among them) and its messages (its places' and
 * addresses' lists are not the first view's, whose messages have a budget): off the first view.
 */
const loadCombobox = (i18n: i18n) =>
  Promise.all([import('./search-combobox.tsx'), loadAllMessages(i18n)]).then(([module]) => module);

type Combobox = ComponentType<SearchComboboxProps>;

/**
 * The header's search field. The page shows a plain field at once and fetches the combobox
 * (suggestions, keyboard navigation) when the browser is idle after the first view, or as soon as the user reaches for
 * the field; the combobox then takes over with the text, the focus and the caret as they were.
 * Enter already searches in the plain field, so nothing waits on the download.
 */
export function SearchField(props: SearchComboboxProps) {
  const { value, onSubmit, className = '' } = props;
  const { t, i18n } = useTranslation();
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
    void loadCombobox(i18n).then((module) => setLoaded(() => module.SearchCombobox));
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
    <SearchForm
      onSubmit={(event) => {
        event.preventDefault();
        const typed = parseSearchText(text);
        if (typed !== undefined) onSubmit(typed);
      }}
      label={{ htmlFor: 'search-field' }}
      className={className}
    >
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
        className={SEARCH_INPUT_CLASS}
      />
    </SearchForm>
  );
}
