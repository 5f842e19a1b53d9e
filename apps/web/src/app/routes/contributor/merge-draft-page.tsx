import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'wouter';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/states.tsx';
import { MergeDraft } from '../../../features/offline/components/merge-draft.tsx';
import { useDraft } from '../../../features/offline/drafts/use-drafts.ts';
import {
  editablePlaceQueryKey,
  getEditablePlace,
} from '../../../features/place-editor/api/get-editable-place.ts';
import { errorMessageKey } from '../../../lib/error-message.ts';
import { localizeText } from '../../../lib/i18n/localize-text.ts';
import type { EditDraft } from '../../../lib/offline/drafts/draft.ts';
import { ContributorFrame } from './contributor-frame.tsx';
import { useCategoryOptions } from './use-category-options.ts';

const backLink = (label: string) => (
  <Link href="/my-submissions" className={buttonStyles.secondary}>
    {label}
  </Link>
);

/** The merge screen of one edit draft, with the place as it is now. */
function Merge({ draft }: { draft: EditDraft }) {
  const { t, i18n } = useTranslation();
  const [, navigate] = useLocation();
  const { nameOf } = useCategoryOptions();
  // Read afresh, never shown from an earlier copy (the editor's): the point is what the place
  // holds now.
  const current = useQuery({
    queryKey: [...editablePlaceQueryKey(draft.placeId), 'merge'],
    queryFn: ({ signal }) => getEditablePlace(draft.placeId, signal),
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
  if (current.isPending) return <LoadingState label={t('drafts.loadingPlace')} />;
  if (current.isError)
    return (
      <ErrorState
        title={t(errorMessageKey(current.error))}
        action={backLink(t('placeEditor.backToSubmissions'))}
      />
    );
  return (
    <>
      <h2 data-testid="merging-place" className="-mt-2 mb-6 break-words text-lg font-semibold text-gray-800">
        {localizeText(current.data.name, i18n.language, current.data.primaryLanguage)}
      </h2>
      <MergeDraft
        key={current.data.version}
        draft={draft}
        current={current.data}
        reload={() => current.refetch()}
        categoryNameOf={nameOf}
        onDone={() => navigate(`/my-submissions?updated=${draft.placeId}`)}
      />
    </>
  );
}

function DraftToMerge({ id, userId }: { id: string; userId: number }) {
  const { t } = useTranslation();
  const draft = useDraft(id);
  if (draft === undefined) return <LoadingState label={t('app.loadingPage')} />;
  if (draft?.kind !== 'edit' || draft.userId !== userId)
    return (
      <EmptyState
        title={t('drafts.noDraft')}
        body={t('drafts.noDraftBody')}
        action={backLink(t('placeEditor.backToSubmissions'))}
      />
    );
  return <Merge draft={draft} />;
}

/** `/drafts/:id`: an edit kept offline that met a newer version of its place, resolved field by field. */
export function MergeDraftPage() {
  const { t } = useTranslation();
  const params = useParams<{ id: string }>();
  const id = params.id ?? '';
  return (
    <ContributorFrame
      title={t('drafts.mergeTitle')}
      intro={t('drafts.mergeIntro')}
      path={`/drafts/${id}`}
      signInTitle={t('placeEditor.signInTitle')}
      signInBody={t('placeEditor.signInBody')}
    >
      {(user) => <DraftToMerge id={id} userId={user.id} />}
    </ContributorFrame>
  );
}
