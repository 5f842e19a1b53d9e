import { useTranslation } from 'react-i18next';
import { useQueueFocus } from '../../../hooks/use-queue-focus.ts';
import { usePhotoList } from '../api/place-photos.ts';
import { PhotoReviewItem, photoHeadingId } from './photo-review-item.tsx';

/**
 * The photos waiting for review, oldest first, beside the places' changes: each with its place,
 * what it shows, and Publish or Hide. After a decision the focus moves on to the next photo, and
 * after the last one to a line saying so, so a keyboard user goes through them in turn.
 */
export function PhotoReviewList() {
  const { t } = useTranslation();
  const photos = usePhotoList('review');
  const items = photos.data?.items ?? [];
  const { decided, emptiedHere, doneMessage } = useQueueFocus(items, photos.isSuccess, photoHeadingId);

  if (items.length === 0) {
    if (!emptiedHere) return null;
    return (
      <p
        ref={doneMessage}
        tabIndex={-1}
        data-testid="photo-review-done"
        className="rounded-xl border border-gray-200 bg-white px-4 py-3 text-sm text-gray-700"
      >
        {t('photos.reviewDone')}
      </p>
    );
  }
  return (
    <section aria-labelledby="photo-review-heading" className="space-y-3" data-testid="photo-review">
      <h2 id="photo-review-heading" className="text-base font-semibold text-gray-900">
        {t('photos.reviewHeading', { count: items.length })}
      </h2>
      <ul className="space-y-3">
        {items.map((photo) => (
          <PhotoReviewItem key={photo.id} photo={photo} onDecided={decided} />
        ))}
      </ul>
    </section>
  );
}
