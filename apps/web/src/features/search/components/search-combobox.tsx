import type { FieldFilterParam, GeocodeItem, PlaceListItem } from '@karta/contracts';
import type { LatLng } from '@karta/map-core';
import { type UseComboboxState, type UseComboboxStateChangeOptions, useCombobox } from 'downshift';
import { useId, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from '../../../components/ui/icons.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useDebouncedValue } from '../../../hooks/use-debounced-value.ts';
import { errorMessageKey } from '../../../lib/error-message.ts';
import { type AddressOptions, addressKey, useAddressOptions } from '../../../lib/geocode/address-options.ts';
import { useGeocoder } from '../../../lib/geocode/address-search.ts';
import { placeName } from '../../../lib/places/place-text.ts';
import { MAX_SEARCH_LENGTH, parseSearchText } from '../../../lib/view-url.ts';
import { SUGGESTION_MIN_LENGTH, usePlaceSuggestions } from '../api/suggest-places.ts';
import { AddressOption, AskAddressesOption } from './address-option.tsx';
import { SEARCH_INPUT_CLASS, SearchForm } from './search-form.tsx';
import { SuggestionOption } from './suggestion-option.tsx';

/** How long typing must pause before suggestions are asked for. */
export const SUGGESTION_DELAY_MS = 250;

const { stateChangeTypes } = useCombobox;

const GROUP_HEADING_CLASS = 'px-3 py-1 text-xs font-semibold tracking-wide text-gray-600 uppercase';

/** Keys downshift would take for the list that stay the field's own: Home and End move the caret. */
const TEXT_KEYS = new Set(['Home', 'End']);

type Panel = 'problem' | 'list' | 'empty' | 'error' | 'loading' | null;

/** One option of the listbox: a place, an address, or (on sites that search only on request) the ask for addresses. */
type SearchItem =
  | { kind: 'place'; place: PlaceListItem }
  | { kind: 'address'; address: GeocodeItem }
  | { kind: 'ask-addresses'; text: string };

function itemKeyOf(item: SearchItem): string {
  if (item.kind === 'place') return `place:${item.place.id}`;
  if (item.kind === 'address') return `address:${addressKey(item.address)}`;
  return 'ask-addresses';
}

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
  /** An address or town was chosen (the site's address search, when it has one). */
  onChooseAddress(address: GeocodeItem): void;
  className?: string;
  /** The plain field this replaces (see search-field.tsx): its text, and its focus and caret. */
  start?: SearchFieldStart;
}

/**
 * The header's search field: a WAI-ARIA combobox (downshift's useCombobox) whose listbox suggests
 * places as the user types (after a pause; a newer text cancels the older request) and, where the
 * site has an address search, addresses and towns in a second group under them. Both groups are
 * one list for the arrow keys (downshift's flat items, drawn as two `role=group`s). Arrow keys
 * move through the options, Enter opens the active one or else searches places for the text,
 * Escape closes the list and a second Escape empties the field. Where the site may only search
 * addresses on request, the address group holds one option that asks.
 */
export function SearchCombobox(props: SearchComboboxProps) {
  const {
    value,
    origin,
    filters,
    categoryOf,
    onSubmit,
    onChoose,
    onChooseAddress,
    className = '',
    start,
  } = props;
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
  const places = suggestions.data?.items ?? [];
  const grouped = useGeocoder() !== null;
  const addresses = useAddressOptions(typed, settled, origin);
  const placesHeading = useId();
  const addressesHeading = useId();
  const wantsSuggestions = typed !== undefined && typed.length >= SUGGESTION_MIN_LENGTH;
  // Suggestions answer the text as it was a moment ago: "no match" waits for the text on screen.
  const current = !suggestions.isPlaceholderData && settled === typed;

  /** What the panel under the field shows of places while the combobox is open or closed. */
  function panelWhen(open: boolean): Panel {
    if (!open) return null;
    if (problem) return 'problem';
    if (!wantsSuggestions) return null;
    if (places.length > 0) return 'list';
    if (suggestions.isError) return 'error';
    if (suggestions.data && current) return 'empty';
    return 'loading';
  }
  /** What the address group shows while the combobox is open or closed. */
  const addressesWhen = (open: boolean): AddressOptions =>
    open && !problem ? addresses.options : { state: 'off' };

  /** The options on screen, places first: the arrow keys never walk through a hidden list. */
  function itemsWhen(open: boolean): SearchItem[] {
    const shown: SearchItem[] =
      panelWhen(open) === 'list' ? places.map((place) => ({ kind: 'place', place })) : [];
    const group = addressesWhen(open);
    if (group.state === 'list')
      shown.push(...group.items.map((address) => ({ kind: 'address' as const, address })));
    if (group.state === 'ask') shown.push({ kind: 'ask-addresses', text: group.text });
    return shown;
  }

  const {
    isOpen,
    highlightedIndex,
    getLabelProps,
    getInputProps,
    getMenuProps,
    getItemProps,
    openMenu,
    closeMenu,
    setHighlightedIndex,
  } = useCombobox<SearchItem>({
    items: itemsWhen(true),
    itemToString: (item) => {
      if (item?.kind === 'place') return placeName(item.place, i18n.language);
      return item?.kind === 'address' ? item.address.label : '';
    },
    itemToKey: (item) => (item ? itemKeyOf(item) : null),
    // Nothing stays chosen: a suggestion opens its place, and the same one can be chosen again.
    selectedItem: null,
    onSelectedItemChange: ({ selectedItem }) => {
      if (selectedItem?.kind === 'place') onChoose(selectedItem.place);
      else if (selectedItem?.kind === 'address') onChooseAddress(selectedItem.address);
    },
    inputValue: text,
    onInputValueChange: ({ inputValue }) => setText(inputValue ?? ''),
    stateReducer,
  });

  function stateReducer(
    state: UseComboboxState<SearchItem>,
    { type, changes }: UseComboboxStateChangeOptions<SearchItem>,
  ): Partial<UseComboboxState<SearchItem>> {
    const chosen =
      type === stateChangeTypes.ItemClick || type === stateChangeTypes.InputKeyDownEnter
        ? changes.selectedItem
        : null;
    switch (type) {
      // Clicking in the field (to move the caret) keeps the suggestions open rather than toggling them.
      case stateChangeTypes.InputClick:
        return { ...changes, isOpen: true };
      // Leaving the field only closes the list: it never opens the place that happened to be active.
      case stateChangeTypes.InputBlur:
        return { ...changes, selectedItem: state.selectedItem, inputValue: state.inputValue };
      // With nothing under the field to close, the first Escape already empties it.
      case stateChangeTypes.InputKeyDownEscape:
        return panelWhen(state.isOpen) === null && addressesWhen(state.isOpen).state === 'off'
          ? { ...changes, inputValue: '' }
          : changes;
      default:
        // A chosen place opens on the map; the field is emptied for the next search.
        return chosen ? { ...changes, inputValue: '' } : changes;
    }
  }

  const panel = panelWhen(isOpen);
  const addressGroup = addressesWhen(isOpen);
  const items = itemsWhen(isOpen);
  const placeItems = items.filter((item) => item.kind === 'place');
  const addressItems = items.filter((item) => item.kind !== 'place');
  const expanded = items.length > 0;
  const addressLine = addressLineOf(addressGroup);

  let announcement = '';
  if (panel === 'problem' && problem) announcement = problem;
  else {
    const said: string[] = [];
    // Counted once both groups answer the text on screen.
    const counted =
      (panel !== 'list' || current) &&
      addressGroup.state !== 'loading' &&
      (addressGroup.state !== 'list' || addresses.current);
    if (counted && addressGroup.state === 'list') {
      said.push(t('addresses.optionCount', { places: placeItems.length, addresses: addressItems.length }));
    } else if (counted && expanded) {
      said.push(t('search.suggestionCount', { count: items.length }));
    }
    if (panel === 'empty') said.push(t('search.noMatch', { text: typed }));
    else if (panel === 'error') said.push(t('search.failed'));
    if (addressLine && addressGroup.state !== 'loading') said.push(addressLine);
    if ((addressGroup.state === 'list' || addressGroup.state === 'empty') && addressGroup.savedOnly)
      said.push(t('addresses.savedOnly'));
    announcement = said.join(' ');
  }

  /** The line the address group shows instead of options, if any. */
  function addressLineOf(group: AddressOptions): string | null {
    switch (group.state) {
      case 'loading':
        return t('addresses.loading');
      case 'empty':
        return t('addresses.noMatch', { text: group.text });
      case 'offline':
        return t('addresses.offline');
      case 'failed':
        return `${t('addresses.failed')} ${t(errorMessageKey(group.error))}`;
      default:
        return null;
    }
  }

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
      const active = items[highlightedIndex];
      if (event.key === 'Enter' && active?.kind === 'ask-addresses') {
        event.preventDefault();
        askAddresses(active.text, event);
        return;
      }
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

  /**
   * Asking for addresses is not a choice for downshift: the list stays open with the text, and
   * the addresses come in where the option was.
   */
  function askAddresses(text: string, event: React.SyntheticEvent) {
    (event.nativeEvent as Event & { preventDownshiftDefault?: boolean }).preventDownshiftDefault = true;
    addresses.ask(text);
    setHighlightedIndex(-1);
  }

  function renderItem(item: SearchItem, index: number) {
    const optionProps = getItemProps({
      item,
      index,
      ...(item.kind === 'ask-addresses'
        ? { onClick: (event: React.MouseEvent) => askAddresses(item.text, event) }
        : {}),
    });
    if (item.kind === 'place') {
      return (
        <SuggestionOption
          key={item.place.id}
          optionProps={optionProps}
          place={item.place}
          text={typed ?? ''}
          category={categoryOf(item.place.category)}
        />
      );
    }
    if (item.kind === 'address') {
      return <AddressOption key={itemKeyOf(item)} optionProps={optionProps} address={item.address} />;
    }
    return <AskAddressesOption key="ask" optionProps={optionProps} text={item.text} />;
  }

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
        hidden={panel === null && addressGroup.state === 'off'}
        className="absolute top-full right-0 left-0 z-[1100] mt-1 overflow-hidden rounded-xl border border-gray-200 bg-white shadow-lg md:min-w-[22rem]"
      >
        {/* Places that could not be listed say so above the list (the addresses may still be there). */}
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
        {/* The listbox is always in the page, so aria-controls always names it. With an address
            search its options come in two groups, each named by its heading (the APG's grouped listbox). */}
        {grouped ? (
          <div
            {...getMenuProps({ 'aria-label': t('addresses.suggestions') })}
            className="py-1"
            hidden={!expanded}
          >
            {placeItems.length > 0 && (
              // biome-ignore lint/a11y/useSemanticElements: a group of options in a listbox (the APG's grouped listbox); a fieldset groups form fields
              <ul role="group" aria-labelledby={placesHeading} data-testid="search-places-group">
                <li role="presentation" id={placesHeading} className={GROUP_HEADING_CLASS}>
                  {t('addresses.placesHeading')}
                </li>
                {placeItems.map((item, index) => renderItem(item, index))}
              </ul>
            )}
            {addressItems.length > 0 && (
              // biome-ignore lint/a11y/useSemanticElements: a group of options in a listbox (the APG's grouped listbox); a fieldset groups form fields
              <ul
                role="group"
                aria-labelledby={addressesHeading}
                data-testid="search-addresses-group"
                className={placeItems.length > 0 ? 'mt-1 border-t border-gray-100 pt-1' : ''}
              >
                <li role="presentation" id={addressesHeading} className={GROUP_HEADING_CLASS}>
                  {t('addresses.heading')}
                </li>
                {addressItems.map((item, index) => renderItem(item, placeItems.length + index))}
              </ul>
            )}
          </div>
        ) : (
          <ul
            {...getMenuProps({ 'aria-label': t('search.suggestions') })}
            className="py-1"
            hidden={!expanded}
          >
            {placeItems.map((item, index) => renderItem(item, index))}
          </ul>
        )}
        {/* Addresses with no option to show: their heading and why, outside the listbox. */}
        {addressLine && (
          <div
            data-testid="search-addresses-line"
            className={placeItems.length > 0 || panel ? 'border-t border-gray-100' : ''}
          >
            <p aria-hidden="true" className={`${GROUP_HEADING_CLASS} pt-2`}>
              {t('addresses.heading')}
            </p>
            <p
              className={`flex items-center gap-2 px-3 pb-2 text-sm ${
                addressGroup.state === 'failed' || addressGroup.state === 'offline'
                  ? 'text-red-800'
                  : 'text-gray-700'
              }`}
            >
              {addressGroup.state === 'loading' && <Spinner className="size-4 text-blue-700" />}
              {addressLine}
            </p>
          </div>
        )}
        {(addressGroup.state === 'list' || addressGroup.state === 'empty') && addressGroup.savedOnly && (
          <p data-testid="search-addresses-saved-only" className="px-3 pt-1 text-xs text-amber-900">
            {t('addresses.savedOnly')}
          </p>
        )}
        {(addressGroup.state === 'list' || addressGroup.state === 'empty') && (
          <p data-testid="search-addresses-attribution" className="px-3 pb-2 text-xs text-gray-600">
            {t('addresses.attribution', { source: addressGroup.attribution })}
          </p>
        )}
        {placeItems.length > 0 && (
          <p className="border-t border-gray-100 px-3 py-1.5 text-xs text-gray-600">
            {t('search.enterHint')}
          </p>
        )}
      </div>
      <p role="status" data-testid="search-status" className="sr-only">
        {announcement}
      </p>
    </SearchForm>
  );
}
