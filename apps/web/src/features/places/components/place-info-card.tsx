import type { Place } from '@karta/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { OpenStateLabel } from '../../../components/opening-hours/open-state-label.tsx';
import { CategoryBadge } from '../../../components/place/category-badge.tsx';
import { StaleNote } from '../../../components/place/stale-note.tsx';
import { StatusNoteAside } from '../../../components/place/status-note-aside.tsx';
import { formatCoordinates } from '../../../lib/place-links.ts';
import { placeDescription, placeName, shortText } from '../../../lib/places/place-text.ts';
import { PlaceActions } from './place-actions.tsx';
import { PlaceInfoCardFields } from './place-info-card-fields.tsx';

interface PlaceInfoCardProps {
  place: Place;
  category: { name: string; color: string };
  shareLink: string;
  /** Details opens the place page in a new tab (in the embed). */
  detailsInNewTab?: boolean;
  /** The place's photo beside its name, given its name in the reader's language (the app passes it). */
  renderPhoto?: (placeName: string) => ReactNode;
}

/**
 * The content of a place's info window on the map: the essentials and the actions. Text only,
 * never HTML. Divs rather than paragraphs: engines style `p` inside their popups.
 */
export function PlaceInfoCard({
  place,
  category,
  shareLink,
  detailsInNewTab,
  renderPhoto,
}: PlaceInfoCardProps) {
  const { t, i18n } = useTranslation();
  const name = placeName(place, i18n.language);
  const teaser = shortText(placeDescription(place, i18n.language), 120);
  const approximate =
    place.locationPrivacy === '100m'
      ? t('places.approximate100m')
      : place.locationPrivacy === '1km'
        ? t('places.approximate1km')
        : null;

  return (
    <article
      data-testid="info-window"
      data-place-id={place.id}
      className="w-[17.5rem] max-w-full font-sans text-sm text-gray-900 sm:w-[20rem]"
    >
      <div className="flex gap-2.5">
        <div className="min-w-0 flex-1">
          <h2 className="line-clamp-2 pr-5 text-[0.9375rem] leading-5 font-semibold">{name}</h2>
          <div className="mt-0.5 text-xs text-gray-600">
            <CategoryBadge name={category.name} color={category.color} />
          </div>
          {place.address && <div className="mt-1 line-clamp-2 text-xs text-gray-700">{place.address}</div>}
          <OpenStateLabel state={place.openState} className="mt-1 max-w-full text-xs" />
          <StaleNote stale={place.stale} className="mt-1 text-xs" />
        </div>
        {renderPhoto?.(name)}
      </div>
      <StatusNoteAside note={place.statusNote} compact className="mt-1.5" />
      {teaser && <div className="mt-1.5 line-clamp-2 text-xs leading-[1.125rem] text-gray-700">{teaser}</div>}
      <PlaceInfoCardFields place={place} />
      <div className="mt-1.5 text-xs text-gray-600 tabular-nums">
        {formatCoordinates(place)}
        {approximate && <span className="block text-amber-800">{approximate}</span>}
      </div>
      <div className="mt-2.5">
        <PlaceActions place={place} shareLink={shareLink} detailsInNewTab={detailsInNewTab} />
      </div>
    </article>
  );
}
