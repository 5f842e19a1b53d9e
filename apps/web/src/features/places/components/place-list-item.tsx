import type { PlaceListItem as PlaceListEntry } from '@karta/contracts';
import { useTranslation } from 'react-i18next';
import { formatDistance } from '../../../lib/i18n/format.ts';
import { StaleNote } from '../../freshness/components/stale-note.tsx';
import { OpenStateLabel } from '../../opening-hours/components/open-state-label.tsx';
import { placeName } from '../utils/place-text.ts';
import { PlaceSubline } from './place-subline.tsx';

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
        <span className="min-w-0 flex-1">
          <span
            className={`block truncate font-medium ${selected ? 'text-blue-800' : 'text-gray-900 group-hover:text-blue-800'}`}
          >
            {placeName(place, i18n.language)}
          </span>
          <PlaceSubline category={category} address={place.address} />
          <OpenStateLabel state={place.openState} className="mt-0.5 max-w-full text-sm" />
          <StaleNote stale={place.stale} className="mt-0.5 text-sm" />
        </span>
        {showDistance && place.distance !== null && (
          <span className="shrink-0 pt-0.5 text-sm text-gray-600 tabular-nums">
            {formatDistance(place.distance, i18n.language)}
          </span>
        )}
      </button>
    </li>
  );
}
