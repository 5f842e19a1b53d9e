import type { PlaceListItem } from '@karta/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import { ArrowRightIcon } from '../../../components/ui/icons.tsx';
import { PlaceRowText } from '../../../features/places/components/place-row-text.tsx';
import type { CategoryView } from '../../../lib/categories/use-category-looks.ts';
import { formatDistance } from '../../../lib/i18n/format.ts';
import { placeName } from '../../../lib/places/place-text.ts';

interface NearResultItemProps {
  place: PlaceListItem;
  category: CategoryView;
  selected: boolean;
  /** Say how far the place's own circle reaches ("Serves this spot"). */
  showServedRadius: boolean;
  onSelect(place: PlaceListItem): void;
}

/**
 * One result: a button that shows the place on the map, with its distance from the point; the
 * chosen one also offers its details page.
 */
export function NearResultItem({
  place,
  category,
  selected,
  showServedRadius,
  onSelect,
}: NearResultItemProps) {
  const { t, i18n } = useTranslation();
  const name = placeName(place, i18n.language);
  return (
    <li
      data-testid="near-result"
      data-place-id={place.id}
      data-distance={place.distance ?? ''}
      className={selected ? 'bg-blue-50 shadow-[inset_3px_0_0_var(--color-blue-700)]' : ''}
    >
      <button
        type="button"
        aria-current={selected ? 'true' : undefined}
        onClick={() => onSelect(place)}
        className={`group flex w-full items-start gap-3 px-4 py-3 text-left transition-colors focus-visible:-outline-offset-2 ${
          selected ? '' : 'hover:bg-gray-50'
        }`}
      >
        <PlaceRowText place={place} category={category} selected={selected}>
          {showServedRadius && place.radius !== null && (
            <span className="mt-0.5 block text-sm text-gray-600" data-testid="served-radius">
              {t('near.covers.serves', { radius: formatDistance(place.radius, i18n.language) })}
            </span>
          )}
        </PlaceRowText>
        {place.distance !== null && (
          <span data-testid="result-distance" className="shrink-0 pt-0.5 text-sm text-gray-700 tabular-nums">
            {formatDistance(place.distance, i18n.language)}
          </span>
        )}
      </button>
      {selected && (
        <div className="px-4 pb-3">
          <Link
            to={`/places/${place.id}`}
            data-testid="result-details"
            className={buttonStyles.link}
            aria-label={t('near.detailsOf', { name })}
          >
            {t('near.details')}
            <ArrowRightIcon />
          </Link>
        </div>
      )}
    </li>
  );
}
