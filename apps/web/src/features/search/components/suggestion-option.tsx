import type { PlaceListItem } from '@karta/contracts';
import { useTranslation } from 'react-i18next';
import { CategoryBadge } from '../../places/components/category-badge.tsx';
import { placeName } from '../../places/utils/place-text.ts';
import { highlightMatches } from '../utils/highlight-matches.ts';

interface SuggestionOptionProps {
  id: string;
  place: PlaceListItem;
  /** The text typed, whose words are marked in the name. */
  text: string;
  category: { name: string; color: string };
  active: boolean;
  onChoose(place: PlaceListItem): void;
}

/** One suggestion: the name with the typed words marked, its category and its address. */
export function SuggestionOption({ id, place, text, category, active, onChoose }: SuggestionOptionProps) {
  const { i18n } = useTranslation();
  const name = placeName(place, i18n.language);
  // The field keeps the focus and moves through the options by aria-activedescendant (the APG's
  // combobox), so an option is neither focusable nor keyboard-driven itself.
  return (
    // biome-ignore lint/a11y/useFocusableInteractive: see above
    // biome-ignore lint/a11y/useKeyWithClickEvents: see above
    <li
      id={id}
      // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: an option of the listbox
      role="option"
      aria-selected={active}
      data-testid="search-suggestion"
      data-place-id={place.id}
      // Keep the focus in the field, so the listbox stays a part of the combobox while clicking.
      onMouseDown={(event) => event.preventDefault()}
      onClick={() => onChoose(place)}
      className={`cursor-pointer px-3 py-2 ${active ? 'bg-blue-50 shadow-[inset_3px_0_0_var(--color-blue-700)]' : 'hover:bg-gray-50'}`}
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
      <span className="mt-0.5 flex min-w-0 items-center gap-1.5 text-xs text-gray-600">
        <CategoryBadge name={category.name} color={category.color} className="shrink-0" />
        {place.address && (
          <>
            <span aria-hidden="true">·</span>
            <span className="truncate">{place.address}</span>
          </>
        )}
      </span>
    </li>
  );
}
