import type { PlaceListItem } from '@karta/contracts';
import type { LatLng } from '@karta/map-core';
import { type Ref, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from '../../../components/ui/icons.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessageKey } from '../../../lib/error-message.ts';
import { MAX_SEARCH_LENGTH, parseSearchText } from '../../../lib/view-url.ts';
import { SUGGESTION_MIN_LENGTH, usePlaceSuggestions } from '../api/suggest-places.ts';
import { useDebouncedValue } from '../hooks/use-debounced-value.ts';
import { SearchIcon } from './search-icons.tsx';
import { SuggestionOption } from './suggestion-option.tsx';

/** How long typing must pause before suggestions are asked for. */
export const SUGGESTION_DELAY_MS = 250;

interface SearchComboboxProps {
  /** The search in the URL: the field shows it, and shows it again after Back or Forward. */
  value: string | undefined;
  /** Suggestions nearer this point come first among equals (the map's centre). */
  origin: LatLng | null;
  categoryOf(slug: string): { name: string; color: string };
  /** Enter without a chosen suggestion: search for the text. */
  onSubmit(text: string): void;
  onChoose(place: PlaceListItem): void;
  /** The field, for focusing it when the phone's search button reveals it. */
  inputRef?: Ref<HTMLInputElement>;
  className?: string;
}

/**
 * The header's search field: a WAI-ARIA combobox whose listbox suggests places as the user types
 * (after a pause; a newer text cancels the older request). Arrow keys move through the
 * suggestions, Enter opens the active one or else searches for the text, Escape closes the list
 * and a second Escape empties the field.
 */
export function SearchCombobox(props: SearchComboboxProps) {
  const { value, origin, categoryOf, onSubmit, onChoose, inputRef, className = '' } = props;
  const { t } = useTranslation();
  const fieldId = useId();
  const listboxId = useId();
  const optionId = (index: number) => `${listboxId}-option-${index}`;

  const [text, setText] = useState(value ?? '');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [problem, setProblem] = useState<string | null>(null);

  // Back, Forward or a new search elsewhere changed the URL: show its search.
  const [shownValue, setShownValue] = useState(value);
  if (value !== shownValue) {
    setShownValue(value);
    setText(value ?? '');
    setOpen(false);
    setActive(-1);
  }

  const typed = parseSearchText(text);
  const settled = useDebouncedValue(typed, SUGGESTION_DELAY_MS);
  const suggestions = usePlaceSuggestions(settled, origin);
  const items = suggestions.data?.items ?? [];
  const wantsSuggestions = typed !== undefined && typed.length >= SUGGESTION_MIN_LENGTH;
  // Suggestions answer the text as it was a moment ago: "no match" waits for the text on screen.
  const current = !suggestions.isPlaceholderData && settled === typed;

  let panel: 'problem' | 'list' | 'empty' | 'error' | 'loading' | null = null;
  if (open && problem) panel = 'problem';
  else if (open && wantsSuggestions) {
    if (items.length > 0) panel = 'list';
    else if (suggestions.isError) panel = 'error';
    else if (suggestions.data && current) panel = 'empty';
    else panel = 'loading';
  }
  const expanded = panel === 'list';
  const activeIndex = expanded && active < items.length ? active : -1;

  let announcement = '';
  if (panel === 'problem' && problem) announcement = problem;
  else if (panel === 'list' && current) announcement = t('search.suggestionCount', { count: items.length });
  else if (panel === 'empty') announcement = t('search.noMatch', { text: typed });
  else if (panel === 'error') announcement = t('search.failed');

  function close() {
    setOpen(false);
    setActive(-1);
  }

  function choose(place: PlaceListItem) {
    close();
    setText('');
    onChoose(place);
  }

  function submit(event: React.FormEvent) {
    event.preventDefault();
    if (typed === undefined) {
      setProblem(t('search.needsText'));
      setOpen(true);
      return;
    }
    close();
    onSubmit(typed);
  }

  function onKeyDown(event: React.KeyboardEvent<HTMLInputElement>) {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        event.preventDefault();
        if (!open) {
          setOpen(true);
          setActive(items.length > 0 && event.key === 'ArrowDown' ? 0 : -1);
          return;
        }
        if (items.length === 0) return;
        // Past the last option (or before the first) wraps round, as the APG's examples do.
        const last = items.length - 1;
        if (event.key === 'ArrowDown') setActive(activeIndex >= last ? 0 : activeIndex + 1);
        else setActive(activeIndex <= 0 ? last : activeIndex - 1);
        return;
      }
      case 'Enter': {
        const place = activeIndex >= 0 ? items[activeIndex] : undefined;
        if (place) {
          event.preventDefault();
          choose(place);
        }
        // Otherwise the form submits the text.
        return;
      }
      case 'Escape': {
        if (panel !== null) close();
        else if (text !== '') setText('');
        else return;
        event.preventDefault();
        return;
      }
    }
  }

  return (
    // biome-ignore lint/a11y/useSemanticElements: a form with role=search is the landmark every screen reader knows
    <form role="search" aria-label={t('search.label')} onSubmit={submit} className={`relative ${className}`}>
      <label htmlFor={fieldId} className="sr-only">
        {t('search.label')}
      </label>
      <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-gray-500" />
      <input
        ref={inputRef}
        id={fieldId}
        data-testid="search-input"
        type="text"
        role="combobox"
        aria-expanded={expanded}
        aria-controls={listboxId}
        aria-autocomplete="list"
        aria-activedescendant={activeIndex >= 0 ? optionId(activeIndex) : undefined}
        autoComplete="off"
        spellCheck={false}
        enterKeyHint="search"
        maxLength={MAX_SEARCH_LENGTH}
        placeholder={t('search.placeholder')}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setProblem(null);
          setOpen(true);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
        onFocus={() => setOpen(true)}
        onBlur={close}
        className="h-10 w-full rounded-lg border border-gray-300 bg-gray-50 pr-9 pl-9 text-sm text-gray-900 placeholder:text-gray-500 focus:border-blue-700 focus:bg-white"
      />
      {text !== '' && (
        <button
          type="button"
          data-testid="search-clear-text"
          aria-label={t('search.clearText')}
          title={t('search.clearText')}
          onClick={(event) => {
            setText('');
            setProblem(null);
            close();
            event.currentTarget.form?.querySelector('input')?.focus();
          }}
          className="absolute top-1/2 right-1.5 grid size-7 -translate-y-1/2 place-items-center rounded-md text-gray-500 hover:bg-gray-100 hover:text-gray-900"
        >
          <CloseIcon className="size-4" />
        </button>
      )}

      <div
        data-testid="search-panel"
        hidden={panel === null}
        className="absolute top-full right-0 left-0 z-[1100] mt-1 overflow-hidden rounded-xl border border-gray-200 bg-white shadow-lg md:min-w-[22rem]"
      >
        {/* The listbox is always in the page, so aria-controls always names it. */}
        <ul
          id={listboxId}
          // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the APG combobox's listbox; the field keeps the focus
          role="listbox"
          aria-label={t('search.suggestions')}
          className="py-1"
          hidden={!expanded}
        >
          {expanded &&
            items.map((place, index) => (
              <SuggestionOption
                key={place.id}
                id={optionId(index)}
                place={place}
                text={typed ?? ''}
                category={categoryOf(place.category)}
                active={index === activeIndex}
                onChoose={choose}
              />
            ))}
        </ul>
        {expanded && (
          <p className="border-t border-gray-100 px-3 py-1.5 text-xs text-gray-600">
            {t('search.enterHint')}
          </p>
        )}
        {panel === 'loading' && (
          <p className="flex items-center gap-2 px-3 py-3 text-sm text-gray-600">
            <Spinner className="size-4 text-blue-700" />
            {t('search.loading')}
          </p>
        )}
        {panel === 'empty' && (
          <p data-testid="search-no-match" className="px-3 py-3 text-sm text-gray-700">
            {t('search.noMatch', { text: typed })}
          </p>
        )}
        {panel === 'error' && (
          <p className="px-3 py-3 text-sm text-red-800">
            {t('search.failed')} {t(errorMessageKey(suggestions.error))}
          </p>
        )}
        {panel === 'problem' && <p className="px-3 py-3 text-sm text-red-800">{problem}</p>}
      </div>
      <p role="status" data-testid="search-status" className="sr-only">
        {announcement}
      </p>
    </form>
  );
}
