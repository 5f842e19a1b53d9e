import { ApiError } from '@karta/api-client';
import type { PhotoWithPlace } from '@karta/contracts';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useRuntimeConfig } from '../../../config/runtime-config.ts';
import { errorMessageKey } from '../../../lib/error-message.ts';
import { localizeText } from '../../../lib/i18n/localize-text.ts';
import { useTransitionPhoto, useUpdatePhoto } from '../api/photo-writes.ts';
import { usePhotoDraft } from '../hooks/use-photo-draft.ts';
import { PhotoEditorItem } from './photo-editor-item.tsx';

type Decision = 'published' | 'hidden';

/** What went wrong, and at which step: nothing sent, the texts not saved, or saved but not moved. */
type Problem =
  | { kind: 'needsAlt' }
  | { kind: 'notSaved'; error: unknown }
  | { kind: 'savedNotPublished'; error: unknown }
  | { kind: 'notDecided'; error: unknown };

/** Whether a refusal was for want of alt text. */
function needsAlt(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    Array.isArray(error.details) &&
    error.details.some((issue: { path?: string }) => issue.path === 'alt')
  );
}

/** The id of a photo's heading in the queue, which takes the focus when the photo before it leaves. */
export const photoHeadingId = (photoId: number) => `photo-review-${photoId}`;

interface PhotoReviewItemProps {
  photo: PhotoWithPlace;
  /** It was published or hidden, and leaves the queue. */
  onDecided(photo: PhotoWithPlace): void;
}

/**
 * A photo waiting for review: its place, what it shows (a moderator may write or correct that),
 * and Publish or Hide. Publish saves what was typed first, so the photo goes out with the
 * description on screen; a failure says which step failed.
 */
export function PhotoReviewItem({ photo, onDecided }: PhotoReviewItemProps) {
  const { t, i18n } = useTranslation();
  const { languages } = useRuntimeConfig();
  const draft = usePhotoDraft(photo);
  const update = useUpdatePhoto();
  const transition = useTransitionPhoto();
  const [pending, setPending] = useState<Decision | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const item = useRef<HTMLLIElement>(null);
  const placeName = localizeText(photo.place.name, i18n.language, photo.place.primaryLanguage);

  const focusFirstAlt = () =>
    item.current?.querySelector<HTMLInputElement>('[data-testid^="photo-alt-"]')?.focus();

  const decide = async (to: Decision) => {
    if (pending) return;
    setProblem(null);
    if (to === 'published' && !draft.described) {
      setProblem({ kind: 'needsAlt' });
      focusFirstAlt();
      return;
    }
    setPending(to);
    let version = photo.version;
    const saveFirst = to === 'published' && draft.changed;
    try {
      if (saveFirst) {
        try {
          version = (await update.mutateAsync({ id: photo.id, ...draft.patch() })).version;
        } catch (error) {
          setProblem({ kind: 'notSaved', error });
          return;
        }
      }
      try {
        await transition.mutateAsync({ id: photo.id, to, version });
        onDecided(photo);
      } catch (error) {
        if (needsAlt(error)) {
          setProblem({ kind: 'needsAlt' });
          focusFirstAlt();
        } else {
          setProblem({ kind: saveFirst ? 'savedNotPublished' : 'notDecided', error });
        }
      }
    } finally {
      setPending(null);
    }
  };

  const message = (shown: Problem) => {
    if (shown.kind === 'needsAlt') return t('photos.needsAltToPublish');
    const reason = t(errorMessageKey(shown.error));
    if (shown.kind === 'notSaved') return t('photos.reviewNotSaved', { reason });
    if (shown.kind === 'savedNotPublished') return t('photos.reviewSavedNotPublished', { reason });
    return reason;
  };

  return (
    <li ref={item} className="rounded-xl border border-gray-200 bg-white p-4" data-testid="photo-review-item">
      <h3
        id={photoHeadingId(photo.id)}
        tabIndex={-1}
        className="mb-2 scroll-mt-4 text-sm font-normal text-gray-700"
      >
        {t('photos.ofPlace')}{' '}
        <Link href={`/places/${photo.place.id}`} className={buttonStyles.link}>
          {placeName}
        </Link>
      </h3>
      <ul>
        <PhotoEditorItem
          photo={photo}
          languages={languages}
          editable
          removable
          isFirst
          isLast
          draft={draft}
        />
      </ul>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <button
          type="button"
          className={buttonStyles.primary}
          aria-disabled={pending !== null || undefined}
          onClick={() => void decide('published')}
          data-testid="photo-publish"
        >
          {pending === 'published' && <Spinner className="size-4" />}
          {t('photos.publish')}
        </button>
        <button
          type="button"
          className={buttonStyles.secondary}
          aria-disabled={pending !== null || undefined}
          onClick={() => void decide('hidden')}
          data-testid="photo-hide"
        >
          {pending === 'hidden' && <Spinner className="size-4" />}
          {t('photos.hide')}
        </button>
      </div>
      <div role="alert" data-testid="photo-review-error">
        {problem && <p className="mt-2 text-sm text-red-700">{message(problem)}</p>}
      </div>
    </li>
  );
}
