import type { PlaceListItem as PlaceListEntry } from '@karta/contracts';
import { useTranslation } from 'react-i18next';
import { formatDistance } from '../../../lib/i18n/format.ts';
import { PlaceRowText } from './place-row-text.tsx';

interface PlaceListItemProps {
  place: PlaceListEntry;
  category: { name: string; color: string };
  selected: boolean;
  onSelect(place: PlaceListEntry): void;
  showDistance: boolean;
}

/** One place in the list under the map: a button that selects it on the map. */
export function PlaceListItem({ place, category, selected, onSelect, showDistance }: PlaceListItemProps) {
  const { i18n } = useTranslation();
  return (
    <li data-testid="place-list-item" data-place-id={place.id}>
      <button
        type="button"
        aria-current={selected ? 'true' : undefined}
        onClick={() => onSelect(place)}
        className={`group flex w-full items-start gap-3 px-4 py-3 text-left transition-colors focus-visible:-outline-offset-2 ${
          selected ? 'bg-blue-50 shadow-[inset_3px_0_0_var(--color-blue-700)]' : 'hover:bg-gray-50'
        }`}
      >
        <PlaceRowText place={place} category={category} selected={selected} />
        {showDistance && place.distance !== null && (
          <span className="shrink-0 pt-0.5 text-sm text-gray-600 tabular-nums">
            {formatDistance(place.distance, i18n.language)}
          </span>
        )}
      </button>
    </li>
  );
}
