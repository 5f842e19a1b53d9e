import type { FieldFilterParam, PlaceListItem } from '@karta/contracts';
import type { LatLng } from '@karta/map-core';
import { type UseComboboxState, type UseComboboxStateChangeOptions, useCombobox } from 'downshift';
import { useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from '../../../components/ui/icons.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useDebouncedValue } from '../../../hooks/use-debounced-value.ts';
import { errorMessageKey } from '../../../lib/error-message.ts';
import { placeName } from '../../../lib/places/place-text.ts';
import { MAX_SEARCH_LENGTH, parseSearchText } from '../../../lib/view-url.ts';
import { SUGGESTION_MIN_LENGTH, usePlaceSuggestions } from '../api/suggest-places.ts';
import { SEARCH_INPUT_CLASS, SearchForm } from './search-form.tsx';
import { SuggestionOption } from './suggestion-option.tsx';

/** How long typing must pause before suggestions are asked for. */
export const SUGGESTION_DELAY_MS = 250;

const { stateChangeTypes } = useCombobox;

/** Keys downshift would take for the list that stay the field's own: Home and End move the caret. */
const TEXT_KEYS = new Set(['Home', 'End']);

type Panel = 'problem' | 'list' | 'empty' | 'error' | 'loading' | null;

/** Where a plain field handed over: its text, and its caret when it had the focus. */
export interface SearchFieldStart {
  text: string;
  selection: readonly [number, number] | null;
}

export interface SearchComboboxProps {
  /** The search in the URL: the field shows it, and shows it again after Back or Forward. */
  value: string | undefined;
  /** Suggestions nearer this point come first among equals (the map's centre). */
  origin: LatLng | null;
  /** The map's field filters: only places that hold them are suggested. */
  filters?: readonly FieldFilterParam[];
  categoryOf(slug: string): { name: string; color: string };
  /** Enter without a chosen suggestion: search for the text. */
  onSubmit(text: string): void;
  onChoose(place: PlaceListItem): void;
  className?: string;
  /** The plain field this replaces (see search-field.tsx): its text, and its focus and caret. */
  start?: SearchFieldStart;
}

/**
 * The header's search field: a WAI-ARIA combobox (downshift's useCombobox) whose listbox suggests
 * places as the user types (after a pause; a newer text cancels the older request). Arrow keys
 * move through the suggestions, Enter opens the active one or else searches for the text, Escape
 * closes the list and a second Escape empties the field.
 */
export function SearchCombobox(props: SearchComboboxProps) {
  const { value, origin, filters, categoryOf, onSubmit, onChoose, className = '', start } = props;
  const { t, i18n } = useTranslation();
  const [text, setText] = useState(start?.text ?? value ?? '');
  const input = useRef<HTMLInputElement>(null);

  // Taking over from the plain field: the focus and the caret stay where the user had them.
  const startSelection = useRef(start?.selection ?? null);
  useLayoutEffect(() => {
    const selection = startSelection.current;
    if (!selection || !input.current) return;
    input.current.focus();
    input.current.setSelectionRange(selection[0], selection[1]);
  }, []);
  const [problem, setProblem] = useState<string | null>(null);

  // Back, Forward or a new search elsewhere changed the URL: show its search.
  const [shownValue, setShownValue] = useState(value);
  if (value !== shownValue) {
    setShownValue(value);
    setText(value ?? '');
  }

  const typed = parseSearchText(text);
  const settled = useDebouncedValue(typed, SUGGESTION_DELAY_MS);
  const suggestions = usePlaceSuggestions(settled, origin, filters);
  const items = suggestions.data?.items ?? [];
  const wantsSuggestions = typed !== undefined && typed.length >= SUGGESTION_MIN_LENGTH;
  // Suggestions answer the text as it was a moment ago: "no match" waits for the text on screen.
  const current = !suggestions.isPlaceholderData && settled === typed;

  /** What the panel under the field shows while the combobox is open or closed. */
  function panelWhen(open: boolean): Panel {
    if (!open) return null;
    if (problem) return 'problem';
    if (!wantsSuggestions) return null;
    if (items.length > 0) return 'list';
    if (suggestions.isError) return 'error';
    if (suggestions.data && current) return 'empty';
    return 'loading';
  }
  const listShown = (open: boolean) => panelWhen(open) === 'list';

  const {
    isOpen,
    highlightedIndex,
    getLabelProps,
    getInputProps,
    getMenuProps,
    getItemProps,
    openMenu,
    closeMenu,
  } = useCombobox<PlaceListItem>({
    // Only the suggestions on screen: the arrow keys never walk through a hidden list.
    items: listShown(true) ? items : [],
    itemToString: (place) => (place ? placeName(place, i18n.language) : ''),
    itemToKey: (place) => place?.id,
    // Nothing stays chosen: a suggestion opens its place, and the same one can be chosen again.
    selectedItem: null,
    onSelectedItemChange: ({ selectedItem }) => {
      if (selectedItem) onChoose(selectedItem);
    },
    inputValue: text,
    onInputValueChange: ({ inputValue }) => setText(inputValue ?? ''),
    stateReducer,
  });

  function stateReducer(
    state: UseComboboxState<PlaceListItem>,
    { type, changes }: UseComboboxStateChangeOptions<PlaceListItem>,
  ): Partial<UseComboboxState<PlaceListItem>> {
    switch (type) {
      // Clicking in the field (to move the caret) keeps the suggestions open rather than toggling them.
      case stateChangeTypes.InputClick:
        return { ...changes, isOpen: true };
      // Leaving the field only closes the list: it never opens the place that happened to be active.
      case stateChangeTypes.InputBlur:
        return { ...changes, selectedItem: state.selectedItem, inputValue: state.inputValue };
      // With nothing under the field to close, the first Escape already empties it.
      case stateChangeTypes.InputKeyDownEscape:
        return panelWhen(state.isOpen) === null ? { ...changes, inputValue: '' } : changes;
      default:
        // A chosen place opens on the map; the field is emptied for the next search.
        return changes.selectedItem ? { ...changes, inputValue: '' } : changes;
    }
  }

  const panel = panelWhen(isOpen);
  const expanded = panel === 'list';

  let announcement = '';
  if (panel === 'problem' && problem) announcement = problem;
  else if (panel === 'list' && current) announcement = t('search.suggestionCount', { count: items.length });
  else if (panel === 'empty') announcement = t('search.noMatch', { text: typed });
  else if (panel === 'error') announcement = t('search.failed');

  function submit(event: React.FormEvent) {
    event.preventDefault();
    if (typed === undefined) {
      setProblem(t('search.needsText'));
      openMenu();
      return;
    }
    closeMenu();
    onSubmit(typed);
  }

  const inputProps = getInputProps({
    ref: input,
    // Set the text in the change event itself too: downshift reports a controlled value a render
    // late, which would put the caret at the end after every key typed mid-text (downshift#1108).
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => {
      setText(event.target.value);
      setProblem(null);
    },
    onKeyDown: (event: React.KeyboardEvent<HTMLInputElement>) => {
      // Enter without an active suggestion is the form's: it searches for the text.
      if ((event.key === 'Enter' && highlightedIndex < 0) || TEXT_KEYS.has(event.key)) {
        (event.nativeEvent as KeyboardEvent & { preventDownshiftDefault?: boolean }).preventDownshiftDefault =
          true;
      }
    },
    onFocus: openMenu,
    // The listbox is hidden while the panel says "loading" or "no match".
    'aria-expanded': expanded,
  });

  const label = getLabelProps();

  return (
    <SearchForm onSubmit={submit} label={label} className={className}>
      <input
        {...inputProps}
        // downshift writes an empty attribute while no option is active; the APG leaves it out.
        aria-activedescendant={inputProps['aria-activedescendant'] || undefined}
        data-testid="search-input"
        type="text"
        spellCheck={false}
        enterKeyHint="search"
        maxLength={MAX_SEARCH_LENGTH}
        placeholder={t('search.placeholder')}
        className={SEARCH_INPUT_CLASS}
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
        <ul {...getMenuProps({ 'aria-label': t('search.suggestions') })} className="py-1" hidden={!expanded}>
          {expanded &&
            items.map((place, index) => (
              <SuggestionOption
                key={place.id}
                optionProps={getItemProps({ item: place, index })}
                place={place}
                text={typed ?? ''}
                category={categoryOf(place.category)}
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
    </SearchForm>
  );
}
