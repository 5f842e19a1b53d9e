import type { Place } from '@karta/contracts';
import type { ReactNode } from 'react';
import { StatusNoteAside } from '../../../components/place/status-note-aside.tsx';
import { StaleWarning } from '../../../features/freshness/components/stale-warning.tsx';

/**
 * What a visitor should know about the place's state before going there, under its title, most
 * pressing first: what a visitor reported of it today, then that it may be out of date.
 */
export function PlaceStatusNotes({ place }: { place: Place }) {
  const notes: ReactNode[] = [];
  if (place.statusNote) notes.push(<StatusNoteAside key="status" note={place.statusNote} />);
  if (place.stale) notes.push(<StaleWarning key="stale" place={place} />);
  if (notes.length === 0) return null;
  return (
    <div data-testid="place-status-notes" className="max-w-2xl space-y-2">
      {notes}
    </div>
  );
}
