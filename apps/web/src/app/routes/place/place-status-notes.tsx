import type { Place } from '@karta/contracts';
import type { ReactNode } from 'react';
import { StaleWarning } from '../../../features/freshness/components/stale-warning.tsx';

/**
 * What a visitor should know about the place's state before going there, under its title. One
 * note for now, that it may be out of date; later notes on its current state (from moderators or
 * visitors) take their place in this list, most pressing first.
 */
export function PlaceStatusNotes({ place }: { place: Place }) {
  const notes: ReactNode[] = [];
  if (place.stale) notes.push(<StaleWarning key="stale" place={place} />);
  if (notes.length === 0) return null;
  return (
    <div data-testid="place-status-notes" className="max-w-2xl space-y-2">
      {notes}
    </div>
  );
}
