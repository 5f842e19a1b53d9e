import type { Place } from '@karta/contracts';
import { useTranslation } from 'react-i18next';
import { FieldChip } from '../../../components/place/field-chip.tsx';
import { compactFieldViews, usePlaceFieldViews } from './place-details/field-views.ts';

/**
 * A place's category values in its info window, kept compact: yes/no and short values as chips in
 * the category's order, at most a few, and how many more the place page shows.
 */
export function PlaceInfoCardFields({ place }: { place: Pick<Place, 'category' | 'extra'> }) {
  const { t } = useTranslation();
  const { shown, more } = compactFieldViews(usePlaceFieldViews(place));
  if (shown.length === 0 && more === 0) return null;
  return (
    <div data-testid="info-fields" className="mt-1.5">
      {shown.length > 0 && (
        <ul className="flex flex-wrap gap-1 text-xs">
          {shown.map((view) => (
            <li key={view.field.key} data-field={view.field.key} className="max-w-full">
              {view.field.type === 'boolean' ? (
                <FieldChip label={view.label} yes={view.value === true} />
              ) : (
                <FieldChip label={view.label} text={view.text} />
              )}
            </li>
          ))}
        </ul>
      )}
      {more > 0 && (
        <div data-testid="info-fields-more" className="mt-1 text-xs text-gray-600">
          {t('places.fields.more', { count: more })}
        </div>
      )}
    </div>
  );
}
