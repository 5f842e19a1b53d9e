import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Badge } from '../../../components/ui/badge.tsx';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import { FileButton } from '../../../components/ui/file-button.tsx';
import { formatDateTime } from '../../../lib/i18n/format.ts';
import { type Draft, draftName, newDraftId, type ProposalDraft } from '../../../lib/offline/drafts/draft.ts';
import { changeDraft, removeDraft } from '../../../lib/offline/drafts/drafts-store.ts';
import { PHOTO_ACCEPT } from '../../../lib/photo-content-type.ts';

/** Each state as a badge, in words and at WCAG AA contrast (as the places' status badges). */
const LOOKS: Record<Draft['state'], string> = {
  waiting: 'bg-amber-100 text-amber-900 ring-amber-300',
  conflict: 'bg-blue-100 text-blue-900 ring-blue-300',
  refused: 'bg-red-100 text-red-900 ring-red-300',
};

/** What the draft waits for, in a sentence. */
function useExplanation(draft: Draft): string {
  const { t } = useTranslation();
  if (draft.state === 'conflict') return t('drafts.conflictHelp');
  if (draft.state === 'refused')
    return t('drafts.refusedHelp', { reason: t(`errors.codes.${draft.problem ?? 'unknown'}`) });
  if (draft.kind === 'proposal' && draft.placeId !== null) return t('drafts.photosFollow');
  if (draft.problem && draft.problem !== 'network_error')
    return t('drafts.retrying', { reason: t(`errors.codes.${draft.problem}`) });
  return t('drafts.waitingHelp');
}

/** Photos picked for a proposal still in the browser: kept with it, sent after it. */
function AddPhotos({ draft }: { draft: ProposalDraft }) {
  const { t } = useTranslation();
  return (
    <FileButton
      accept={PHOTO_ACCEPT}
      multiple
      testId="draft-add-photos"
      className={buttonStyles.action}
      onFiles={(files) => {
        const photos = files.map((blob) => ({ key: newDraftId(), blob }));
        // Added to the draft as stored now: the sender may be changing it at this moment.
        void changeDraft<ProposalDraft>(draft.id, (stored) =>
          stored ? { ...stored, photos: [...stored.photos, ...photos] } : null,
        );
      }}
    >
      {t('drafts.addPhotos')}
    </FileButton>
  );
}

/** A proposal or edit kept in this browser: what it is, why it waits, and what the user can do. */
export function DraftItem({ draft }: { draft: Draft }) {
  const { t, i18n } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const name = draftName(draft, i18n.language) || t('mySubmissions.unnamed');
  const explanation = useExplanation(draft);
  const photoCount = 'photos' in draft ? draft.photos.length : 0;
  const unsentProposal = draft.kind === 'proposal' && draft.placeId === null ? draft : null;
  return (
    <li
      data-testid="draft-item"
      data-draft-id={draft.id}
      data-state={draft.state}
      className="rounded-xl border border-dashed border-gray-300 bg-white p-4"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="break-words text-base font-semibold text-gray-900">{name}</h3>
          <p className="mt-0.5 text-sm text-gray-600">
            {[
              t(`drafts.kinds.${draft.kind}`),
              t('drafts.writtenOn', { date: formatDateTime(draft.createdAt, i18n.language) }),
              photoCount > 0 ? t('drafts.photoCount', { count: photoCount }) : null,
            ]
              .filter(Boolean)
              .join(' · ')}
          </p>
        </div>
        <Badge look={LOOKS[draft.state]} testId="draft-status">
          {t(`drafts.state.${draft.state}`)}
        </Badge>
      </div>
      <p className="mt-2 text-sm text-gray-700">{explanation}</p>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        {draft.state === 'conflict' && (
          <Link
            href={`/drafts/${draft.id}`}
            data-testid="resolve-draft"
            className={buttonStyles.actionPrimary}
          >
            {t('drafts.resolve')}
          </Link>
        )}
        {unsentProposal && (
          <Link href={`/propose?draft=${draft.id}`} data-testid="edit-draft" className={buttonStyles.action}>
            {t('drafts.edit')}
          </Link>
        )}
        {unsentProposal && <AddPhotos draft={unsentProposal} />}
        {confirming ? (
          <>
            <button
              type="button"
              data-testid="confirm-delete-draft"
              className={`${buttonStyles.action} border-red-300 text-red-800`}
              onClick={() => void removeDraft(draft.id)}
            >
              {t('drafts.confirmDelete')}
            </button>
            <button type="button" className={buttonStyles.action} onClick={() => setConfirming(false)}>
              {t('drafts.keep')}
            </button>
          </>
        ) : (
          <button
            type="button"
            data-testid="delete-draft"
            className={buttonStyles.action}
            onClick={() => setConfirming(true)}
          >
            {t('drafts.delete')}
          </button>
        )}
      </div>
    </li>
  );
}
