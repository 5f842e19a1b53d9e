import type { PendingNote } from '@karta/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { NoteKindBadge } from '../../../components/place/note-kind-badge.tsx';
import { reportedAgo } from '../../../components/place/reported-ago.ts';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessageKey } from '../../../lib/error-message.ts';
import { localizeText } from '../../../lib/i18n/localize-text.ts';
import { useDecideNote } from '../api/pending-notes.ts';

/** The id of a note's heading in the queue, which takes the focus when the note before it leaves. */
export const noteHeadingId = (noteId: number) => `note-review-${noteId}`;

interface NoteReviewItemProps {
  note: PendingNote;
  now: number;
  /** It was published or hidden, and leaves the queue. */
  onDecided(note: PendingNote): void;
}

/**
 * A note waiting for a moderator: its place, what kind, who wrote it and when, its text, and
 * Publish, or Hide with a reason (the author is told it by e-mail).
 */
export function NoteReviewItem({ note, now, onDecided }: NoteReviewItemProps) {
  const { t, i18n } = useTranslation();
  const decide = useDecideNote();
  const [hiding, setHiding] = useState(false);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const reasonId = useId();
  const placeName = localizeText(note.place.name, i18n.language, note.place.primaryLanguage);
  const ago = reportedAgo(note.createdAt, now, i18n.language, t('placeNotes.justNow'));

  const send = (to: 'published' | 'hidden') => {
    if (decide.isPending) return;
    setProblem(null);
    if (to === 'hidden' && !reason.trim()) {
      setProblem(t('noteReview.reasonRequired'));
      document.getElementById(reasonId)?.focus();
      return;
    }
    decide.mutate(
      { id: note.id, to, ...(to === 'hidden' ? { reason: reason.trim() } : {}) },
      { onSuccess: () => onDecided(note), onError: (error) => setProblem(t(errorMessageKey(error))) },
    );
  };

  return (
    <li className="rounded-xl border border-gray-200 bg-white p-4" data-testid="note-review-item">
      <h3 id={noteHeadingId(note.id)} tabIndex={-1} className="scroll-mt-4 text-sm font-normal text-gray-700">
        {t('noteReview.onPlace')}{' '}
        <Link href={`/places/${note.place.id}`} className={buttonStyles.link}>
          {placeName}
        </Link>
      </h3>
      <div className="mt-2 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-gray-600">
        <NoteKindBadge effect={note.effect} />
        <span>
          {note.author
            ? t('placeNotes.wroteBy', { name: note.author.displayName, ago })
            : t('noteReview.wroteSignedOut', { ago })}
        </span>
      </div>
      {/* Plain text with its line breaks kept, in the note's own language: never HTML. */}
      <p lang={note.language} className="mt-2 break-words whitespace-pre-line text-gray-900">
        {note.text}
      </p>
      {hiding && (
        <div className="mt-3">
          <label htmlFor={reasonId} className="block text-sm font-medium text-gray-800">
            {t('noteReview.reason')}
          </label>
          <textarea
            id={reasonId}
            value={reason}
            maxLength={500}
            rows={2}
            onChange={(event) => setReason(event.target.value)}
            className="mt-1 block w-full rounded-lg border border-gray-300 px-3 py-2 text-base sm:text-sm"
          />
          <p className="mt-1 text-xs text-gray-600">{t('noteReview.reasonHint')}</p>
        </div>
      )}
      <div className="mt-3 flex flex-wrap items-center gap-2">
        {!hiding ? (
          <>
            <button
              type="button"
              className={`${buttonStyles.primary} min-h-11`}
              aria-disabled={decide.isPending || undefined}
              onClick={() => send('published')}
              data-testid="note-publish"
            >
              {decide.isPending && <Spinner className="size-4" />}
              {t('noteReview.publish')}
            </button>
            <button
              type="button"
              className={`${buttonStyles.secondary} min-h-11`}
              onClick={() => {
                setHiding(true);
                // The reason field appears, then takes the focus.
                requestAnimationFrame(() => document.getElementById(reasonId)?.focus());
              }}
              data-testid="note-hide"
            >
              {t('noteReview.hide')}
            </button>
          </>
        ) : (
          <>
            <button
              type="button"
              className={`${buttonStyles.primary} min-h-11`}
              aria-disabled={decide.isPending || undefined}
              onClick={() => send('hidden')}
              data-testid="note-hide-confirm"
            >
              {decide.isPending && <Spinner className="size-4" />}
              {t('noteReview.hideConfirm')}
            </button>
            <button
              type="button"
              className={`${buttonStyles.secondary} min-h-11`}
              onClick={() => {
                setHiding(false);
                setProblem(null);
              }}
            >
              {t('noteReview.cancel')}
            </button>
          </>
        )}
      </div>
      <div role="alert" data-testid="note-review-error">
        {problem && <p className="mt-2 text-sm text-red-700">{problem}</p>}
      </div>
    </li>
  );
}
