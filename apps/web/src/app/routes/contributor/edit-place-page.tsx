import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'wouter';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/states.tsx';
import { useEditablePlace } from '../../../features/place-editor/api/get-editable-place.ts';
import { PlaceEditor } from '../../../features/place-editor/components/place-editor.tsx';
import { errorMessageKey } from '../../../lib/error-message.ts';
import { localizeText } from '../../../lib/i18n/localize-text.ts';
import { ContributorFrame } from './contributor-frame.tsx';
import { PickerMap } from './picker-map.tsx';
import { useCategoryOptions } from './use-category-options.ts';

const STAFF = new Set(['moderator', 'admin']);

/** The editor for one place, once it is loaded and the user may edit it. */
function EditPlace({ id, user }: { id: number; user: { id: number; role: string } }) {
  const { t, i18n } = useTranslation();
  const [, navigate] = useLocation();
  const place = useEditablePlace(id);
  const { options } = useCategoryOptions();
  if (place.isPending) return <LoadingState label={t('placeEditor.loading')} />;
  if (place.isError)
    return (
      <ErrorState
        title={t(errorMessageKey(place.error))}
        action={
          <Link href="/my-submissions" className={buttonStyles.secondary}>
            {t('placeEditor.backToSubmissions')}
          </Link>
        }
      />
    );
  const own = place.data.authorId === user.id;
  const mayEdit = STAFF.has(user.role) || (own && ['pending', 'rejected'].includes(place.data.status));
  if (!mayEdit)
    return (
      <EmptyState
        title={t('placeEditor.cannotEdit')}
        body={t('placeEditor.cannotEditBody')}
        action={
          <Link href="/my-submissions" className={buttonStyles.secondary}>
            {t('placeEditor.backToSubmissions')}
          </Link>
        }
      />
    );
  const name = localizeText(place.data.name, i18n.language, place.data.primaryLanguage);
  return (
    <>
      <h2 data-testid="editing-place" className="-mt-2 mb-6 break-words text-lg font-semibold text-gray-800">
        {name}
      </h2>
      <PlaceEditor
        place={place.data}
        categories={options}
        cancelHref="/my-submissions"
        renderMap={(request) => <PickerMap {...request} />}
        onSaved={(saved) => navigate(`/my-submissions?updated=${saved.id}`)}
      />
    </>
  );
}

/** `/places/:id/edit`: the author (while pending or rejected) or a moderator edits a place. */
export function EditPlacePage() {
  const { t } = useTranslation();
  const params = useParams<{ id: string }>();
  const id = /^\d{1,15}$/.test(params.id ?? '') ? Number(params.id) : null;
  return (
    <ContributorFrame
      title={t('placeEditor.editTitle')}
      intro={t('placeEditor.editIntro')}
      path={`/places/${params.id ?? ''}/edit`}
      signInTitle={t('placeEditor.signInTitle')}
      signInBody={t('placeEditor.signInBody')}
    >
      {(user) =>
        id === null ? <ErrorState title={t('errors.codes.not_found')} /> : <EditPlace id={id} user={user} />
      }
    </ContributorFrame>
  );
}
