import type { Place } from '@karta/contracts';
import { useTranslation } from 'react-i18next';
import { CategoryBadge } from '../../../components/place/category-badge.tsx';
import { LoadingState } from '../../../components/ui/states.tsx';
import { errorMessageKey } from '../../../lib/error-message.ts';
import { placeName } from '../../../lib/places/place-text.ts';

interface ClusterPlacesCardProps {
  /** How many places the cluster holds (the list may show fewer). */
  count: number;
  places: readonly Place[] | undefined;
  error: unknown;
  categoryOf(slug: string): { name: string; color: string };
  onSelect(place: Place): void;
}

/** A cluster's info window at the highest zoom: its places, each one a button that selects it. */
export function ClusterPlacesCard({ count, places, error, categoryOf, onSelect }: ClusterPlacesCardProps) {
  const { t, i18n } = useTranslation();
  const hidden = places ? count - places.length : 0;
  return (
    <section
      data-testid="cluster-info-window"
      className="w-[17.5rem] max-w-full font-sans text-sm text-gray-900"
    >
      <h2 className="pr-5 text-[0.9375rem] leading-5 font-semibold">
        {t('places.clusterHeading', { count })}
      </h2>
      {error ? (
        <div role="alert" className="mt-2 text-xs text-red-800">
          {t(errorMessageKey(error))}
        </div>
      ) : !places ? (
        <LoadingState label={t('places.loading')} className="py-4" />
      ) : (
        <ul className="-mx-1 mt-2 max-h-48 overflow-y-auto">
          {places.map((place) => {
            const category = categoryOf(place.category);
            return (
              <li key={place.id}>
                <button
                  type="button"
                  data-testid="cluster-place"
                  data-place-id={place.id}
                  className="flex w-full flex-col items-start rounded-md px-1 py-1.5 text-left hover:bg-blue-50 focus-visible:-outline-offset-2"
                  onClick={() => onSelect(place)}
                >
                  <span className="text-sm font-medium text-blue-800">{placeName(place, i18n.language)}</span>
                  <CategoryBadge
                    name={category.name}
                    color={category.color}
                    className="text-xs text-gray-600"
                  />
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {hidden > 0 && (
        <div className="mt-1 text-xs text-gray-600">{t('places.clusterMore', { count: hidden })}</div>
      )}
    </section>
  );
}
