import type { PlaceListItem } from '@karta/contracts';
import type { UseComboboxGetItemPropsReturnValue } from 'downshift';
import { useTranslation } from 'react-i18next';
import { PlaceSubline } from '../../../components/place/place-subline.tsx';
import { placeName } from '../../../lib/places/place-text.ts';
import { highlightMatches } from '../utils/highlight-matches.ts';

interface SuggestionOptionProps {
  /** downshift's option props: its id, role, aria-selected (the active option) and mouse handlers. */
  optionProps: UseComboboxGetItemPropsReturnValue;
  place: PlaceListItem;
  /** The text typed, whose words are marked in the name. */
  text: string;
  category: { name: string; color: string };
}

/** One suggestion: the name with the typed words marked, its category and its address. */
export function SuggestionOption({ optionProps, place, text, category }: SuggestionOptionProps) {
  const { i18n } = useTranslation();
  const name = placeName(place, i18n.language);
  const active = optionProps['aria-selected'];
  // The field keeps the focus and moves through the options by aria-activedescendant (the APG's
  // combobox); downshift's props keep a click on an option from taking the focus.
  return (
    <li
      {...optionProps}
      data-testid="search-suggestion"
      data-place-id={place.id}
      className={`cursor-pointer px-3 py-2 ${active ? 'bg-blue-50 shadow-[inset_3px_0_0_var(--color-blue-700)]' : ''}`}
    >
      <span className="block truncate text-sm text-gray-900">
        {highlightMatches(name, text).map((part, index) =>
          part.match ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one name never reorder
            <mark key={index} className="bg-transparent font-semibold text-blue-800">
              {part.text}
            </mark>
          ) : (
            // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one name never reorder
            <span key={index}>{part.text}</span>
          ),
        )}
      </span>
      <PlaceSubline category={category} address={place.address} className="mt-0.5 text-xs" />
    </li>
  );
}
