import type { PlaceListItem } from '@karta/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { OpenStateLabel } from '../../../components/opening-hours/open-state-label.tsx';
import { PlaceSubline } from '../../../components/place/place-subline.tsx';
import { ReportedStatusMark } from '../../../components/place/reported-status-mark.tsx';
import { StaleNote } from '../../../components/place/stale-note.tsx';
import { placeName } from '../../../lib/places/place-text.ts';

/**
 * The text of a place's row in a list (under the map, Near me): its name, category and address,
 * whether it is open (and whether a visitor reported it closed or limited today), and whether it may be out of date; `children` add lines of the list's own.
 */
export function PlaceRowText({
  place,
  category,
  selected,
  children,
}: {
  place: PlaceListItem;
  category: { name: string; color: string };
  selected: boolean;
  children?: ReactNode;
}) {
  const { i18n } = useTranslation();
  return (
    <span className="min-w-0 flex-1">
      <span
        className={`block truncate font-medium ${selected ? 'text-blue-800' : 'text-gray-900 group-hover:text-blue-800'}`}
      >
        {placeName(place, i18n.language)}
      </span>
      <PlaceSubline category={category} address={place.address} />
      <OpenStateLabel state={place.openState} className="mt-0.5 max-w-full text-sm" />
      <ReportedStatusMark note={place.statusNote} className="mt-0.5 text-sm" />
      <StaleNote stale={place.stale} className="mt-0.5 text-sm" />
      {children}
    </span>
  );
}
