import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ShowMoreButton } from '../../../components/ui/show-more-button.tsx';
import { useQueueFocus } from '../../../hooks/use-queue-focus.ts';
import { usePendingNotes } from '../api/pending-notes.ts';
import { NoteReviewItem, noteHeadingId } from './note-review-item.tsx';

/**
 * The notes waiting for a moderator, oldest first, beside the places' changes and the photos:
 * each with its place, kind, author and text, and Publish or Hide. After a decision the focus
 * moves on to the next note, and after the last one to a line saying so.
 */
export function NoteReviewList() {
  const { t } = useTranslation();
  const notes = usePendingNotes();
  const items = notes.data?.pages.flatMap((page) => page.items) ?? [];
  const total = notes.data?.pages[0]?.total ?? 0;
  const [now] = useState(() => Date.now());
  const { decided, emptiedHere, doneMessage } = useQueueFocus(items, notes.isSuccess, noteHeadingId);

  if (items.length === 0) {
    if (!emptiedHere) return null;
    return (
      <p
        ref={doneMessage}
        tabIndex={-1}
        data-testid="note-review-done"
        className="rounded-xl border border-gray-200 bg-white px-4 py-3 text-sm text-gray-700"
      >
        {t('noteReview.done')}
      </p>
    );
  }
  return (
    <section aria-labelledby="note-review-heading" className="space-y-3" data-testid="note-review">
      <h2 id="note-review-heading" className="text-base font-semibold text-gray-900">
        {t('noteReview.heading', { count: total })}
      </h2>
      <ul className="space-y-3">
        {items.map((note) => (
          <NoteReviewItem key={note.id} note={note} now={now} onDecided={decided} />
        ))}
      </ul>
      {notes.hasNextPage && (
        <ShowMoreButton
          onShowMore={() => void notes.fetchNextPage()}
          loading={notes.isFetchingNextPage}
          label={t('noteReview.more')}
          loadingLabel={t('noteReview.loadingMore')}
        />
      )}
    </section>
  );
}
