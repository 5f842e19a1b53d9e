import type { LatLng } from '@karta/contracts';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'wouter';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/states.tsx';
import { useRuntimeConfig } from '../../../config/runtime-config.ts';
import { keepDraft, keepPhotoForLater } from '../../../features/offline/drafts/draft-sync.ts';
import { PhotoManager } from '../../../features/photos/components/photo-manager.tsx';
import { useEditablePlace } from '../../../features/place-editor/api/get-editable-place.ts';
import { PhotoPinSuggestion } from '../../../features/place-editor/components/photo-pin-suggestion.tsx';
import { type PinControl, PlaceEditor } from '../../../features/place-editor/components/place-editor.tsx';
import { errorMessageKey } from '../../../lib/error-message.ts';
import { newDraftId } from '../../../lib/offline/drafts/draft.ts';
import { placeFormValues } from '../../../lib/places/place-form-values.ts';
import { placeName } from '../../../lib/places/place-text.ts';
import { useCurrentUser } from '../../../lib/session/current-user.ts';
import { isModerator } from '../../../lib/session/roles.ts';
import { ContributorFrame } from './contributor-frame.tsx';
import { PickerMap } from './picker-map.tsx';
import { useCategoryOptions } from './use-category-options.ts';

/** The editor for one place, once it is loaded and the user may edit it. */
function EditPlace({ id, user }: { id: number; user: { id: number; role: string } }) {
  const { t, i18n } = useTranslation();
  const [, navigate] = useLocation();
  const place = useEditablePlace(id);
  const { options } = useCategoryOptions();
  const { languages } = useRuntimeConfig();
  const pin = useRef<PinControl>(null);
  const [takenAt, setTakenAt] = useState<LatLng | null>(null);
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
  const mayEdit = isModerator(user) || (own && ['pending', 'rejected'].includes(place.data.status));
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
  const name = placeName(place.data, i18n.language);
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
        onUnsent={async ({ values, base }) => {
          const id = newDraftId();
          await keepDraft({
            kind: 'edit',
            id,
            userId: user.id,
            createdAt: new Date().toISOString(),
            state: 'waiting',
            problem: 'network_error',
            placeId: place.data.id,
            version: base?.version ?? place.data.version,
            base: base?.values ?? placeFormValues(place.data, languages),
            values,
          });
          navigate(`/my-submissions?drafted=${id}`);
        }}
        pinControl={pin}
      />
      <section
        id="photos"
        aria-labelledby="photos-heading"
        className="mt-10 space-y-4 border-t border-gray-200 pt-6"
      >
        <h2 id="photos-heading" className="text-base font-semibold text-gray-900">
          {t('photos.heading')}
        </h2>
        <p className="text-sm text-gray-700">
          {t(isModerator(user) ? 'photos.addIntroModerator' : 'photos.editIntro')}
        </p>
        <PhotoPinSuggestion
          takenAt={takenAt}
          pin={takenAt ? (pin.current?.position() ?? null) : null}
          onMove={(position) => {
            pin.current?.moveTo(position);
            setTakenAt(null);
          }}
          onDismiss={() => setTakenAt(null)}
        />
        <PhotoManager
          placeId={id}
          languages={languages}
          canReorder
          onTakenAt={setTakenAt}
          onUnsent={(photo) => keepPhotoForLater({ userId: user.id, placeId: id, placeName: name, photo })}
        />
      </section>
    </>
  );
}

/**
 * The edited place's name for the tab ("Edit Ljekarna Ilica · Karta"), once the editor has it: the
 * same cache entry, asked for only when someone is signed in to ask as (the editor asks then too).
 */
function useEditedPlaceName(id: number | null): string | null {
  const { i18n } = useTranslation();
  const user = useCurrentUser();
  const place = useEditablePlace(id ?? 0, { enabled: id !== null && Boolean(user.data) });
  return id !== null && place.data ? placeName(place.data, i18n.language) : null;
}

/** `/places/:id/edit`: the author (while pending or rejected) or a moderator edits a place. */
export function EditPlacePage() {
  const { t } = useTranslation();
  const params = useParams<{ id: string }>();
  const id = /^\d{1,15}$/.test(params.id ?? '') ? Number(params.id) : null;
  const name = useEditedPlaceName(id);
  return (
    <ContributorFrame
      title={t('placeEditor.editTitle')}
      pageTitle={name ? t('placeEditor.editTitleNamed', { name }) : undefined}
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
