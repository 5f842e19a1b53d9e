import type { GeocodeItem } from '@karta/contracts';
import type { LatLng } from '@karta/map-core';
import { type UseComboboxState, type UseComboboxStateChangeOptions, useCombobox } from 'downshift';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useDebouncedValue } from '../../../hooks/use-debounced-value.ts';
import { errorMessageKey, isUnanswered } from '../../../lib/error-message.ts';
import { addressKey } from '../../../lib/geocode/address-options.ts';
import { ADDRESS_MIN_LENGTH, useAddressSearch } from '../../../lib/geocode/address-search.ts';
import { inputClass } from './field-frame.tsx';

/** How long typing must pause before addresses are asked for. */
export const ADDRESS_SEARCH_DELAY_MS = 300;

/** The longest text the server searches for. */
const MAX_ADDRESS_LENGTH = 100;

const { stateChangeTypes } = useCombobox;

/** Keys downshift would take for the list that stay the field's own: Home and End move the caret. */
const TEXT_KEYS = new Set(['Home', 'End']);

type Panel = 'short' | 'list' | 'empty' | 'error' | 'loading' | null;

export interface AddressComboboxProps {
  /** The site's geocoder: whose data it is, and whether it may only be asked on Enter. */
  geocoder: { attribution: string; searchOnEnterOnly: boolean };
  /** Answers nearer this point come first (the pin, or else the map's first view). */
  near: LatLng;
  /** An answer was chosen. */
  onChoose(item: GeocodeItem): void;
}

/**
 * "Find by address": a WAI-ARIA combobox (downshift's useCombobox) listing the site's addresses
 * and towns for what is typed, so a position can be set without the map or location access. It
 * asks as the person types (after a pause) or, where the site's geocoder forbids that, only on
 * Enter or its Search button. The list sits in the page's flow, under the field, so it covers
 * nothing of the form; whose data it is stands under it.
 */
export function AddressCombobox({ geocoder, near, onChoose }: AddressComboboxProps) {
  const { t } = useTranslation();
  const hintId = useId();
  const enterOnly = geocoder.searchOnEnterOnly;
  // What the field shows, and what the person last typed (choosing an answer shows its label
  // in the field without searching for it).
  const [text, setText] = useState('');
  const [typed, setTyped] = useState('');
  // Enter-only sites: the text of the last Enter or Search.
  const [submitted, setSubmitted] = useState<string | undefined>(undefined);
  const [chosen, setChosen] = useState<string | null>(null);
  // Where the person was when they typed or asked: the pin the chosen answer moves must not ask
  // again for the same text around its new place (nor, on Enter-only sites, ask unbidden).
  const [askedNear, setAskedNear] = useState(near);
  const settled = useDebouncedValue(typed, ADDRESS_SEARCH_DELAY_MS);
  const asked = (enterOnly ? submitted : settled)?.trim();
  const search = useAddressSearch(asked, askedNear);
  const items = search.data?.items ?? [];
  const long = asked !== undefined && asked.length >= ADDRESS_MIN_LENGTH;
  // The answer is for the text on screen (not a placeholder for an older one).
  const current = !search.isPlaceholderData && (enterOnly || settled === typed);

  function panelWhen(open: boolean): Panel {
    if (!open || asked === undefined) return null;
    if (!long) return enterOnly && asked !== '' ? 'short' : null;
    if (search.isError) return 'error';
    if (items.length > 0) return 'list';
    if (search.data && current) return 'empty';
    return 'loading';
  }

  const { isOpen, highlightedIndex, getLabelProps, getInputProps, getMenuProps, getItemProps, openMenu } =
    useCombobox<GeocodeItem>({
      // Only the answers on screen: the arrow keys never walk through a hidden list.
      items: panelWhen(true) === 'list' ? items : [],
      itemToString: (item) => item?.label ?? '',
      itemToKey: (item) => (item ? addressKey(item) : null),
      // Nothing stays chosen: the same answer can be chosen again after the pin moved.
      selectedItem: null,
      onSelectedItemChange: ({ selectedItem }) => {
        if (!selectedItem) return;
        setChosen(selectedItem.label);
        onChoose(selectedItem);
      },
      inputValue: text,
      onInputValueChange: ({ inputValue }) => setText(inputValue ?? ''),
      stateReducer,
    });

  function stateReducer(
    state: UseComboboxState<GeocodeItem>,
    { type, changes }: UseComboboxStateChangeOptions<GeocodeItem>,
  ): Partial<UseComboboxState<GeocodeItem>> {
    switch (type) {
      case stateChangeTypes.InputClick:
        return { ...changes, isOpen: true };
      // Leaving the field only closes the list: it never moves the pin to the answer that was active.
      case stateChangeTypes.InputBlur:
        return { ...changes, selectedItem: state.selectedItem, inputValue: state.inputValue };
      default:
        return changes;
    }
  }

  function ask(value: string) {
    setAskedNear(near);
    setSubmitted(value.trim());
    setChosen(null);
    openMenu();
  }

  const panel = panelWhen(isOpen);
  const expanded = panel === 'list';

  const failure = !search.isError
    ? null
    : isUnanswered(search.error)
      ? t('placeEditor.location.byAddressOffline')
      : `${t('placeEditor.location.byAddressFailed')} ${t(errorMessageKey(search.error))}`;

  let announcement = '';
  if (chosen !== null) announcement = t('placeEditor.location.byAddressChosen', { label: chosen });
  else if (panel === 'list' && current)
    announcement = t('placeEditor.location.byAddressCount', { count: items.length });
  else if (panel === 'empty') announcement = t('placeEditor.location.byAddressNoMatch', { text: asked });
  else if (failure) announcement = failure;
  else if (panel === 'short')
    announcement = t('placeEditor.location.byAddressTooShort', { count: ADDRESS_MIN_LENGTH });

  const inputProps = getInputProps({
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => {
      setText(event.target.value);
      setTyped(event.target.value);
      setAskedNear(near);
      setChosen(null);
    },
    onKeyDown: (event: React.KeyboardEvent<HTMLInputElement>) => {
      if (event.key === 'Enter' && highlightedIndex < 0) {
        // Enter in the field never sends the place form: it searches (at once, or on Enter-only sites).
        event.preventDefault();
        (event.nativeEvent as KeyboardEvent & { preventDownshiftDefault?: boolean }).preventDownshiftDefault =
          true;
        if (enterOnly) ask(text);
        else openMenu();
        return;
      }
      if (TEXT_KEYS.has(event.key)) {
        (event.nativeEvent as KeyboardEvent & { preventDownshiftDefault?: boolean }).preventDownshiftDefault =
          true;
      }
    },
    'aria-expanded': expanded,
    'aria-describedby': hintId,
  });

  const labelProps = getLabelProps();

  return (
    <div data-testid="address-search">
      <label
        id={labelProps.id}
        htmlFor={labelProps.htmlFor}
        className="block text-sm font-medium text-gray-900"
      >
        {t('placeEditor.location.byAddress')}
      </label>
      <p id={hintId} className="mt-0.5 text-sm text-gray-600">
        {t(enterOnly ? 'placeEditor.location.byAddressHintEnter' : 'placeEditor.location.byAddressHint')}
      </p>
      <div className="mt-1.5 flex gap-2">
        <input
          {...inputProps}
          // downshift writes an empty attribute while no option is active; the APG leaves it out.
          aria-activedescendant={inputProps['aria-activedescendant'] || undefined}
          data-testid="address-search-input"
          type="text"
          autoComplete="off"
          spellCheck={false}
          enterKeyHint="search"
          maxLength={MAX_ADDRESS_LENGTH}
          className={`${inputClass(false)} h-11 min-w-0 flex-1`}
        />
        {enterOnly && (
          <button
            type="button"
            data-testid="address-search-submit"
            onClick={() => ask(text)}
            className="inline-flex h-11 shrink-0 items-center rounded-lg border border-gray-300 bg-white px-4 text-sm font-medium text-gray-800 hover:bg-gray-50"
          >
            {t('placeEditor.location.byAddressSearch')}
          </button>
        )}
      </div>
      <div
        data-testid="address-search-panel"
        hidden={panel === null || panel === 'error'}
        className="mt-1 overflow-hidden rounded-lg border border-gray-200 bg-white shadow-sm"
      >
        {/* The listbox is always in the page, so aria-controls always names it. */}
        <ul
          {...getMenuProps({ 'aria-label': t('placeEditor.location.byAddressAnswers') })}
          className="py-1"
          hidden={!expanded}
        >
          {expanded &&
            items.map((item, index) => (
              <li
                key={addressKey(item)}
                {...getItemProps({ item, index })}
                data-testid="address-option"
                className={`cursor-pointer px-3 py-2.5 text-sm text-gray-900 ${
                  highlightedIndex === index ? 'bg-blue-50 outline-2 -outline-offset-2 outline-blue-600' : ''
                }`}
              >
                {item.label}
              </li>
            ))}
        </ul>
        {expanded && (
          <p
            data-testid="address-attribution"
            className="border-t border-gray-100 px-3 py-1 text-xs text-gray-600"
          >
            {search.data?.attribution ?? geocoder.attribution}
          </p>
        )}
        {panel === 'loading' && (
          <p className="flex items-center gap-2 px-3 py-2.5 text-sm text-gray-600">
            <Spinner className="size-4 text-blue-700" />
            {t('placeEditor.location.byAddressLoading')}
          </p>
        )}
        {panel === 'empty' && (
          <p data-testid="address-no-match" className="px-3 py-2.5 text-sm text-gray-700">
            {t('placeEditor.location.byAddressNoMatch', { text: asked })}
          </p>
        )}
        {panel === 'short' && (
          <p className="px-3 py-2.5 text-sm text-gray-700">
            {t('placeEditor.location.byAddressTooShort', { count: ADDRESS_MIN_LENGTH })}
          </p>
        )}
      </div>
      {/* Outside the panel: the failure stays in sight when the list closes, and stops nothing. */}
      {failure && (
        <p data-testid="address-search-error" className="mt-1.5 text-sm text-red-800">
          {failure}
        </p>
      )}
      <p role="status" data-testid="address-search-status" className="sr-only">
        {announcement}
      </p>
    </div>
  );
}
