import { useTranslation } from 'react-i18next';
import { Link, useSearch } from 'wouter';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import { MySubmissionsList } from '../../../features/my-submissions/components/my-submissions-list.tsx';
import { DraftList } from '../../../features/offline/components/draft-list.tsx';
import { MyPhotos } from '../../../features/photos/components/my-photos.tsx';
import { ContributorFrame } from './contributor-frame.tsx';
import { useCategoryOptions } from './use-category-options.ts';

/**
 * `/my-submissions`: the user's drafts waiting to be sent, their places and where each stands;
 * `?saved=` / `?updated=` / `?drafted=` confirm a save.
 */
export function MySubmissionsPage() {
  const { t } = useTranslation();
  const params = new URLSearchParams(useSearch());
  const { nameOf } = useCategoryOptions();
  const saved = params.get('saved');
  const drafted = params.has('drafted') && !params.has('saved') && !params.has('updated');
  const confirmation = params.has('saved')
    ? t('mySubmissions.saved')
    : params.has('updated')
      ? t('mySubmissions.updated')
      : params.has('drafted')
        ? t('drafts.kept')
        : null;
  return (
    <ContributorFrame
      title={t('mySubmissions.title')}
      intro={t('mySubmissions.intro')}
      path="/my-submissions"
      signInTitle={t('mySubmissions.signInTitle')}
      signInBody={t('mySubmissions.signInBody')}
    >
      {(user) => (
        <>
          <div role="status">
            {confirmation && (
              <p
                data-testid="submission-saved"
                // Kept for later is news, not a success: blue rather than green.
                className={`mb-4 rounded-lg border p-3 text-sm font-medium ${drafted ? 'border-blue-200 bg-blue-50 text-blue-950' : 'border-green-200 bg-green-50 text-green-900'}`}
              >
                {confirmation}
                {saved && /^\d{1,15}$/.test(saved) && (
                  <>
                    {' '}
                    <Link
                      href={`/places/${saved}/edit#photos`}
                      className={buttonStyles.link}
                      data-testid="add-photos-to-saved"
                    >
                      {t('photos.addToProposal')}
                    </Link>
                  </>
                )}
              </p>
            )}
          </div>
          <div className="mb-4">
            <Link href="/propose" data-testid="propose-another" className={buttonStyles.secondary}>
              {t('mySubmissions.propose')}
            </Link>
          </div>
          <DraftList userId={user.id} />
          <MySubmissionsList categoryNameOf={nameOf} />
          <MyPhotos />
        </>
      )}
    </ContributorFrame>
  );
}
