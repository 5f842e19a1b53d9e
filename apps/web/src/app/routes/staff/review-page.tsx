import { useTranslation } from 'react-i18next';
import { useCategories } from '../../../features/categories/api/get-categories.ts';
import { ReviewFeedSection } from '../../../features/review/components/review-feed-section.tsx';
import { ReviewQueue } from '../../../features/review/components/review-queue.tsx';
import { localizeText } from '../../../lib/i18n/localize-text.ts';
import { StaffPage } from './staff-page.tsx';

/**
 * `/review` (moderators): the review queue, and published and archived places; under them the
 * moderator's private feed of the queue.
 */
export function ReviewPage() {
  const { t, i18n } = useTranslation();
  const categories = useCategories();
  const categoryNameOf = (id: number) => {
    const category = categories.data?.find((candidate) => candidate.id === id);
    if (!category) return t('categories.unknown');
    return localizeText(category.name, i18n.language) || category.slug;
  };
  return (
    <StaffPage screen="review" requires="moderator" title={t('review.title')} intro={t('review.intro')}>
      {() => (
        <>
          <ReviewQueue categoryNameOf={categoryNameOf} />
          <ReviewFeedSection />
        </>
      )}
    </StaffPage>
  );
}
