import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { NoteReviewList } from '../../../features/note-review/components/note-review-list.tsx';
import { PhotoReviewList } from '../../../features/photos/components/photo-review-list.tsx';
import { ReviewFeedSection } from '../../../features/review/components/review-feed-section.tsx';
import { ReviewQueue } from '../../../features/review/components/review-queue.tsx';
import { useCategories } from '../../../lib/categories/get-categories.ts';
import { localizeText } from '../../../lib/i18n/localize-text.ts';
import { type CategoryLookOf, ReviewMap } from './review-map.tsx';
import { StaffPage } from './staff-page.tsx';

/** Neutral gray for a category not (or no longer) known. */
const UNKNOWN_COLOR = '#4b5563';

/**
 * `/review` (moderators): the review queue with the photos and notes waiting beside it, each place on a
 * small map, and published and archived places; under them the moderator's private feed of the
 * queue.
 */
export function ReviewPage() {
  const { t, i18n } = useTranslation();
  const categories = useCategories();
  const lookOf = useCallback<CategoryLookOf>(
    (id) => {
      const category = categories.data?.find((candidate) => candidate.id === id);
      if (!category) return { name: t('categories.unknown'), color: UNKNOWN_COLOR };
      return { name: localizeText(category.name, i18n.language) || category.slug, color: category.color };
    },
    [categories.data, i18n.language, t],
  );
  return (
    <StaffPage screen="review" requires="moderator" title={t('review.title')} intro={t('review.intro')}>
      {() => (
        <>
          <ReviewQueue
            categoryNameOf={(id) => lookOf(id).name}
            pendingExtra={
              <>
                <PhotoReviewList />
                <NoteReviewList />
              </>
            }
            renderMap={(place, similar) => <ReviewMap place={place} similar={similar} lookOf={lookOf} />}
          />
          <ReviewFeedSection />
        </>
      )}
    </StaffPage>
  );
}
