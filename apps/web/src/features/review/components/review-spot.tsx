import type { PlaceListItem } from '@karta/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { formatDistance } from '../../../lib/i18n/format.ts';
import { localizeText } from '../../../lib/i18n/localize-text.ts';
import { metresBetween } from '../../../lib/metres-between.ts';
import { useSimilarPlaces } from '../api/get-similar-places.ts';

/**
 * Draws a place's spot on a small map, with the similar places near it. The app passes it in:
 * maps are another feature.
 */
export type ReviewMapSlot = (place: PlaceListItem, similar: readonly PlaceListItem[]) => ReactNode;

const NONE: readonly PlaceListItem[] = [];

/** The map's height, kept by the stand-in before the card is reached, so nothing moves when it comes. */
export const REVIEW_MAP_HEIGHT = 'h-44 sm:h-52';

interface ReviewSpotProps {
  place: PlaceListItem;
  /** Whether the card has come into view: until then neither the map nor the request is made. */
  seen: boolean;
  renderMap?: ReviewMapSlot;
}

/**
 * Where a place is, and whether a published place near it has a similar name (a possible
 * duplicate), with how far away it is and a link to it.
 */
export function ReviewSpot({ place, seen, renderMap }: ReviewSpotProps) {
  const { t, i18n } = useTranslation();
  const similar = useSimilarPlaces(place, seen);
  const found = similar.data ?? NONE;

  return (
    <div className="space-y-2">
      <h3 className="sr-only">{t('review.spot.label')}</h3>
      {renderMap &&
        (seen ? (
          renderMap(place, found)
        ) : (
          <div
            data-testid="review-map-placeholder"
            className={`${REVIEW_MAP_HEIGHT} w-full rounded-lg bg-gray-100`}
          />
        ))}
      <div data-testid="similar-places" data-state={similar.status} className="text-sm">
        {similar.isPending && <p className="text-gray-600">{t('review.spot.checking')}</p>}
        {similar.isError && <p className="text-gray-600">{t('review.spot.checkFailed')}</p>}
        {similar.isSuccess && found.length === 0 && (
          <p className="text-gray-600">{t('review.spot.noSimilar')}</p>
        )}
        {found.length > 0 && (
          <ul className="space-y-1 rounded-lg bg-amber-50 px-3 py-2 text-amber-950 ring-1 ring-amber-200">
            {found.map((other) => {
              const metres = other.distance ?? metresBetween(place, other);
              return (
                <li
                  key={other.id}
                  data-testid="similar-place"
                  data-place-id={other.id}
                  data-distance={Math.round(metres)}
                  className="break-words"
                >
                  <span className="font-medium">{t('review.spot.similar')}</span>{' '}
                  <Link
                    href={`/places/${other.id}`}
                    className="font-medium text-blue-800 underline underline-offset-2 hover:text-blue-950"
                  >
                    {localizeText(other.name, i18n.language, other.primaryLanguage)}
                  </Link>
                  {t('review.spot.away', { distance: formatDistance(metres, i18n.language) })}
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </div>
  );
}
