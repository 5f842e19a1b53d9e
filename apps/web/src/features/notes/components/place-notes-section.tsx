import type { NoteInput, Place } from '@karta/contracts';
import { useTranslation } from 'react-i18next';
import { NoteForm } from './note-form.tsx';
import { PlaceNotes } from './place-notes.tsx';

/**
 * The place page's notes: what visitors wrote (newest first) and the form to write one, where
 * the place's category takes notes. Only a published place has notes.
 */
export function PlaceNotesSection({
  place,
  signedIn,
  onUnsent,
  className = '',
  headingClassName = '',
}: {
  place: Place;
  signedIn: boolean;
  onUnsent?(input: NoteInput): Promise<void>;
  className?: string;
  headingClassName?: string;
}) {
  const { t } = useTranslation();
  if (place.status !== 'published') return null;
  return (
    <section data-testid="place-notes-section" aria-labelledby="notes-heading" className={className}>
      <h2 id="notes-heading" className={headingClassName}>
        {t('placeNotes.heading')}
      </h2>
      <PlaceNotes placeId={place.id} />
      {place.notesAllowed === false ? (
        <p className="mt-4 text-sm text-gray-600">{t('placeNotes.closed')}</p>
      ) : (
        <div className="mt-5 border-t border-gray-200 pt-4">
          <h3 className="mb-3 text-sm font-semibold text-gray-900">{t('placeNotes.form.heading')}</h3>
          <NoteForm placeId={place.id} signedIn={signedIn} onUnsent={onUnsent} />
        </div>
      )}
    </section>
  );
}
