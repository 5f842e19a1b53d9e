import type { Note } from '@karta/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NoteKindBadge } from '../../../components/place/note-kind-badge.tsx';
import { reportedAgo } from '../../../components/place/reported-ago.ts';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import { ShowMoreButton } from '../../../components/ui/show-more-button.tsx';
import { formatDateTime } from '../../../lib/i18n/format.ts';
import { usePlaceNoteHistory, usePlaceNotes } from '../api/place-notes.ts';
import { ReportNote } from './report-note.tsx';

function NoteItem({ note, now }: { note: Note; now: number }) {
  const { t, i18n } = useTranslation();
  const ago = reportedAgo(note.createdAt, now, i18n.language, t('placeNotes.justNow'));
  return (
    <li data-testid="place-note" data-kind={note.kind} className="py-3">
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-gray-600">
        <NoteKindBadge effect={note.effect} />
        <span>
          {[
            note.authorName
              ? t('placeNotes.wroteBy', { name: note.authorName, ago })
              : t('placeNotes.wroteAnonymous', { ago }),
            note.expiresAt
              ? t('placeNotes.until', { date: formatDateTime(note.expiresAt, i18n.language) })
              : null,
          ]
            .filter(Boolean)
            .join(' · ')}
        </span>
      </div>
      {/* Plain text with its line breaks kept, in the note's own language: never HTML. */}
      <p lang={note.language} className="mt-1 break-words whitespace-pre-line text-gray-900">
        {note.text}
      </p>
      <ReportNote noteId={note.id} />
    </li>
  );
}

/** A place's published notes that apply now, status notes and comments, newest first, with "More". */
export function PlaceNotes({ placeId }: { placeId: number }) {
  const { t } = useTranslation();
  const notes = usePlaceNotes(placeId);
  const [now] = useState(() => Date.now());
  if (notes.isPending) return null;
  if (notes.isError && !notes.data) {
    return (
      <p role="alert" className="mt-3 text-sm text-red-700">
        {t('placeNotes.loadFailed')}
      </p>
    );
  }
  // A list kept for offline use may hold status notes that have ended since: they are not shown.
  const items = notes.data.pages
    .flatMap((page) => page.items)
    .filter((note) => note.expiresAt === null || Date.parse(note.expiresAt) > now);
  if (items.length === 0) {
    return (
      <>
        <p data-testid="place-notes-empty" className="mt-3 text-sm text-gray-600">
          {t('placeNotes.empty')}
        </p>
        <EarlierNotes placeId={placeId} now={now} />
      </>
    );
  }
  return (
    <>
      <ul data-testid="place-notes" className="mt-1 divide-y divide-gray-100">
        {items.map((note) => (
          <NoteItem key={note.id} note={note} now={now} />
        ))}
      </ul>
      {notes.hasNextPage && (
        <div className="mt-2">
          <ShowMoreButton
            testId="place-notes-more"
            loading={notes.isFetchingNextPage}
            onShowMore={() => void notes.fetchNextPage()}
            label={t('placeNotes.more')}
            loadingLabel={t('placeNotes.loadingMore')}
          />
        </div>
      )}
      <EarlierNotes placeId={placeId} now={now} />
    </>
  );
}

/**
 * The place's history, asked for: the status notes that have ended ("Earlier reports"), newest
 * first, read only when opened.
 */
function EarlierNotes({ placeId, now }: { placeId: number; now: number }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const history = usePlaceNoteHistory(placeId, open);
  if (!open) {
    return (
      <button
        type="button"
        data-testid="earlier-notes"
        className={`${buttonStyles.link} mt-2 min-h-9 text-sm`}
        onClick={() => setOpen(true)}
      >
        {t('placeNotes.earlier')}
      </button>
    );
  }
  const items = history.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <section aria-labelledby={`earlier-notes-${placeId}`} className="mt-3 border-t border-gray-100 pt-3">
      <h3 id={`earlier-notes-${placeId}`} className="text-sm font-semibold text-gray-900">
        {t('placeNotes.earlierHeading')}
      </h3>
      {history.isPending && <p className="mt-2 text-sm text-gray-600">{t('placeNotes.loadingMore')}</p>}
      {history.isError && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {t('placeNotes.loadFailed')}
        </p>
      )}
      {history.isSuccess && items.length === 0 && (
        <p data-testid="earlier-notes-empty" className="mt-2 text-sm text-gray-600">
          {t('placeNotes.earlierEmpty')}
        </p>
      )}
      {items.length > 0 && (
        <ul data-testid="earlier-notes-list" className="divide-y divide-gray-100 text-gray-700">
          {items.map((note) => (
            <NoteItem key={note.id} note={note} now={now} />
          ))}
        </ul>
      )}
      {history.hasNextPage && (
        <ShowMoreButton
          loading={history.isFetchingNextPage}
          onShowMore={() => void history.fetchNextPage()}
          label={t('placeNotes.more')}
          loadingLabel={t('placeNotes.loadingMore')}
        />
      )}
    </section>
  );
}
