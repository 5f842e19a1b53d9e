import { ApiError } from '@karta/api-client';
import type { PhotoWithPlace } from '@karta/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import { useRuntimeConfig } from '../../../config/runtime-config.ts';
import { errorMessageKey } from '../../../lib/error-message.ts';
import { localizeText } from '../../../lib/i18n/localize-text.ts';
import { useTransitionPhoto } from '../api/photo-writes.ts';
import { usePhotoList } from '../api/place-photos.ts';
import { PhotoEditorItem } from './photo-editor-item.tsx';

/**
 * The photos waiting for review, oldest first, beside the places' changes: each with its place,
 * what it shows (a moderator may write or correct that), and Publish or Hide.
 */
export function PhotoReviewList() {
  const { t } = useTranslation();
  const photos = usePhotoList('review');
  const items = photos.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="photo-review-heading" className="space-y-3" data-testid="photo-review">
      <h2 id="photo-review-heading" className="text-base font-semibold text-gray-900">
        {t('photos.reviewHeading', { count: items.length })}
      </h2>
      <ul className="space-y-3">
        {items.map((photo) => (
          <PhotoReviewItem key={photo.id} photo={photo} />
        ))}
      </ul>
    </section>
  );
}

/** Whether publishing was refused for want of alt text. */
function needsAlt(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    Array.isArray(error.details) &&
    error.details.some((issue: { path?: string }) => issue.path === 'alt')
  );
}

function PhotoReviewItem({ photo }: { photo: PhotoWithPlace }) {
  const { t, i18n } = useTranslation();
  const { languages } = useRuntimeConfig();
  const transition = useTransitionPhoto();
  const placeName = localizeText(photo.place.name, i18n.language, photo.place.primaryLanguage);
  const decide = (to: 'published' | 'hidden') =>
    transition.mutate({ id: photo.id, to, version: photo.version });
  return (
    <li className="rounded-xl border border-gray-200 bg-white p-4" data-testid="photo-review-item">
      <p className="mb-2 text-sm text-gray-700">
        {t('photos.ofPlace')}{' '}
        <Link href={`/places/${photo.place.id}`} className={buttonStyles.link}>
          {placeName}
        </Link>
      </p>
      <ul>
        <PhotoEditorItem photo={photo} languages={languages} editable removable isFirst isLast />
      </ul>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <button
          type="button"
          className={buttonStyles.primary}
          disabled={transition.isPending}
          onClick={() => decide('published')}
          data-testid="photo-publish"
        >
          {t('photos.publish')}
        </button>
        <button
          type="button"
          className={buttonStyles.secondary}
          disabled={transition.isPending}
          onClick={() => decide('hidden')}
          data-testid="photo-hide"
        >
          {t('photos.hide')}
        </button>
      </div>
      {transition.isError && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {needsAlt(transition.error) ? t('photos.needsAltToPublish') : t(errorMessageKey(transition.error))}
        </p>
      )}
    </li>
  );
}
