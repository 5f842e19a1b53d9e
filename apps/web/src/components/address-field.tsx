import type { GeocodeItem } from '@karta/contracts';
import type { LatLng } from '@karta/map-core';
import { useCombobox } from 'downshift';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../hooks/use-debounced-value.ts';
import { errorMessageKey } from '../lib/error-message.ts';
import { addressKey, addressKindKey, useAddressOptions } from '../lib/geocode/address-options.ts';
import { useGeocoder } from '../lib/geocode/address-search.ts';
import { MAX_SEARCH_LENGTH, parseSearchText } from '../lib/view-url.ts';
import { SearchIcon } from './ui/icons.tsx';
import { Spinner } from './ui/spinner.tsx';

/** How long typing must pause before addresses are asked for. */
export const ADDRESS_FIELD_DELAY_MS = 300;

const { stateChangeTypes } = useCombobox;

/** Keys downshift would take for the list that stay the field's own: Home and End move the caret. */
const TEXT_KEYS = new Set(['Home', 'End']);

interface AddressFieldProps {
  /** Answers nearer this point come first. */
  near: LatLng | null;
  onChoose(address: GeocodeItem): void;
  className?: string;
}

/**
 * A field that finds an address or a town (the site's address search) and hands the chosen one
 * on: a WAI-ARIA combobox (downshift) whose answers sit in the page's flow under it. It asks as the
 * person types, or, where the site allows only searches asked for, on Enter or its Search button.
 * Nothing when the site has no address search.
 */
export function AddressField({ near, onChoose, className = '' }: AddressFieldProps) {
  const geocoder = useGeocoder();
  return geocoder ? <AddressCombobox near={near} onChoose={onChoose} className={className} /> : null;
}

function AddressCombobox({ near, onChoose, className }: AddressFieldProps) {
  const { t } = useTranslation();
  const hintId = useId();
  const enterOnly = useGeocoder()?.searchOnEnterOnly === true;
  const [text, setText] = useState('');
  const typed = parseSearchText(text);
  const settled = useDebouncedValue(typed, ADDRESS_FIELD_DELAY_MS);
  const { options, current, ask } = useAddressOptions(typed, settled, near);
  const items = options.state === 'list' ? options.items : [];

  const { isOpen, highlightedIndex, getLabelProps, getInputProps, getMenuProps, getItemProps, openMenu } =
    useCombobox<GeocodeItem>({
      items: [...items],
      itemToString: (item) => item?.label ?? '',
      itemToKey: (item) => (item ? addressKey(item) : null),
      selectedItem: null,
      onSelectedItemChange: ({ selectedItem }) => {
        if (selectedItem) onChoose(selectedItem);
      },
      inputValue: text,
      onInputValueChange: ({ inputValue }) => setText(inputValue ?? ''),
      stateReducer: (state, { type, changes }) => {
        if (type === stateChangeTypes.InputClick) return { ...changes, isOpen: true };
        // Leaving the field only closes the list: it never takes the answer that was active.
        if (type === stateChangeTypes.InputBlur) {
          return { ...changes, selectedItem: state.selectedItem, inputValue: state.inputValue };
        }
        return changes;
      },
    });

  const shown = isOpen && options.state !== 'off' && options.state !== 'ask';
  const expanded = shown && items.length > 0;
  let line: string | null = null;
  if (shown && options.state === 'loading') line = t('addresses.loading');
  else if (shown && options.state === 'empty') line = t('addresses.noMatch', { text: options.text });
  // A failure stays in sight when the list closes.
  if (options.state === 'offline') line = t('addresses.offline');
  else if (options.state === 'failed') line = `${t('addresses.failed')} ${t(errorMessageKey(options.error))}`;
  const failed = options.state === 'offline' || options.state === 'failed';

  let announcement = '';
  if (expanded && current) announcement = t('addresses.count', { count: items.length });
  else if (line && options.state !== 'loading') announcement = line;

  function submit() {
    if (typed === undefined) return;
    if (enterOnly) ask(typed);
    openMenu();
  }

  const inputProps = getInputProps({
    onKeyDown: (event: React.KeyboardEvent<HTMLInputElement>) => {
      const native = event.nativeEvent as KeyboardEvent & { preventDownshiftDefault?: boolean };
      if (event.key === 'Enter' && highlightedIndex < 0) {
        // Enter in the field searches; it never sends a form around it.
        event.preventDefault();
        native.preventDownshiftDefault = true;
        submit();
      } else if (TEXT_KEYS.has(event.key)) {
        native.preventDownshiftDefault = true;
      }
    },
    'aria-expanded': expanded,
    'aria-describedby': hintId,
  });

  const labelProps = getLabelProps();

  return (
    <div data-testid="address-field" className={className}>
      <label
        id={labelProps.id}
        htmlFor={labelProps.htmlFor}
        className="block text-sm font-medium text-gray-900"
      >
        {t('addresses.field.label')}
      </label>
      <p id={hintId} className="mt-0.5 text-xs text-gray-600">
        {t(enterOnly ? 'addresses.field.hintEnter' : 'addresses.field.hint')}
      </p>
      <div className="mt-1.5 flex gap-2">
        <div className="relative min-w-0 flex-1">
          <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-gray-500" />
          <input
            {...inputProps}
            // downshift writes an empty attribute while no option is active; the APG leaves it out.
            aria-activedescendant={inputProps['aria-activedescendant'] || undefined}
            data-testid="address-field-input"
            type="text"
            autoComplete="off"
            spellCheck={false}
            enterKeyHint="search"
            maxLength={MAX_SEARCH_LENGTH}
            className="h-10 w-full rounded-lg border border-gray-300 bg-white pr-3 pl-9 text-sm text-gray-900 focus:border-blue-700"
          />
        </div>
        {enterOnly && (
          <button
            type="button"
            data-testid="address-field-search"
            onClick={submit}
            className="h-10 shrink-0 rounded-lg border border-gray-300 bg-white px-3 text-sm font-medium text-gray-800 hover:bg-gray-50"
          >
            {t('addresses.field.search')}
          </button>
        )}
      </div>
      <div
        hidden={!expanded && !(shown && line)}
        className="mt-1 overflow-hidden rounded-lg border border-gray-200 bg-white shadow-sm"
      >
        {/* The listbox is always in the page, so aria-controls always names it. */}
        <ul
          {...getMenuProps({ 'aria-label': t('addresses.field.answers') })}
          className="py-1"
          hidden={!expanded}
        >
          {expanded &&
            items.map((item, index) => (
              <li
                key={addressKey(item)}
                {...getItemProps({ item, index })}
                data-testid="address-field-option"
                className={`flex cursor-pointer items-start gap-2 px-3 py-2 text-sm text-gray-900 ${
                  highlightedIndex === index ? 'bg-blue-50 shadow-[inset_3px_0_0_var(--color-blue-700)]' : ''
                }`}
              >
                <span className="min-w-0 flex-1">{item.label}</span>
                <span className="mt-0.5 shrink-0 text-xs text-gray-600">{t(addressKindKey(item.kind))}</span>
              </li>
            ))}
        </ul>
        {shown && line && !failed && (
          <p className="flex items-center gap-2 px-3 py-2.5 text-sm text-gray-700">
            {options.state === 'loading' && <Spinner className="size-4 text-blue-700" />}
            {line}
          </p>
        )}
        {(options.state === 'list' || options.state === 'empty') && options.savedOnly && (
          <p
            data-testid="address-field-saved-only"
            className="border-t border-gray-100 px-3 pt-1 text-xs text-amber-900"
          >
            {t('addresses.savedOnly')}
          </p>
        )}
        {(options.state === 'list' || options.state === 'empty') && (
          <p className="border-t border-gray-100 px-3 py-1 text-xs text-gray-600">
            {t('addresses.attribution', { source: options.attribution })}
          </p>
        )}
      </div>
      {failed && line && (
        <p data-testid="address-field-error" className="mt-1.5 text-sm text-red-800">
          {line}
        </p>
      )}
      <p role="status" className="sr-only">
        {announcement}
      </p>
    </div>
  );
}
