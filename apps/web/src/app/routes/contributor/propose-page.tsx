import type { OwnPlace } from '@karta/contracts';
import type { LatLng } from '@karta/map-core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { LoadingState } from '../../../components/ui/states.tsx';
import { useRuntimeConfig } from '../../../config/runtime-config.ts';
import { keepDraft, sendWaitingDrafts } from '../../../features/offline/drafts/draft-sync.ts';
import { useDraft } from '../../../features/offline/drafts/use-drafts.ts';
import { PhotoChooser } from '../../../features/photos/components/photo-chooser.tsx';
import { PlaceEditor, type UnsentForm } from '../../../features/place-editor/components/place-editor.tsx';
import { useCategories } from '../../../lib/categories/get-categories.ts';
import { newDraftId, type ProposalDraft } from '../../../lib/offline/drafts/draft.ts';
import { removeDraft } from '../../../lib/offline/drafts/drafts-store.ts';
import { placeFormValues } from '../../../lib/places/place-form-values.ts';
import { isModerator } from '../../../lib/session/roles.ts';
import { ContributorFrame } from './contributor-frame.tsx';
import { PickerMap } from './picker-map.tsx';
import { type ProposalFromLink, proposalFromLink } from './proposal-from-link.ts';
import { useCategoryOptions } from './use-category-options.ts';
import { useProposalPhotos } from './use-proposal-photos.ts';

/** `?lat=…&lng=…&z=…` (the home map's view, when the user came from there), if valid. */
function viewFromSearch(search: string): { center: LatLng; zoom: number } | null {
  const params = new URLSearchParams(search);
  const lat = Number(params.get('lat'));
  const lng = Number(params.get('lng'));
  const zoom = Number(params.get('z') ?? 15);
  const valid =
    params.has('lat') &&
    params.has('lng') &&
    Math.abs(lat) <= 90 &&
    Math.abs(lng) <= 180 &&
    Number.isFinite(zoom) &&
    zoom >= 0 &&
    zoom <= 22;
  return valid ? { center: { lat, lng }, zoom: Math.round(zoom) } : null;
}

/** The editor for a new place, or for a proposal draft opened again (`?draft=`), once it is read. */
function Propose({ userId, moderator, search }: { userId: number; moderator: boolean; search: string }) {
  const { t } = useTranslation();
  const draftId = new URLSearchParams(search).get('draft');
  const draft = useDraft(draftId);
  const { languages } = useRuntimeConfig();
  const categories = useCategories();
  // A link that names a category (an embed's "Propose a place") waits for the categories to fill it in.
  const namesCategory = new URLSearchParams(search).has('cat') && categories.isPending;
  if (draft === undefined || namesCategory) return <LoadingState label={t('app.loadingPage')} />;
  const opened = draft?.kind === 'proposal' ? draft : null;
  const fromLink = proposalFromLink(search, categories.data ?? [], languages);
  return (
    <ProposeForm
      userId={userId}
      moderator={moderator}
      opened={opened}
      initialView={viewFromSearch(search)}
      fromLink={opened ? null : fromLink}
    />
  );
}

interface ProposeFormProps {
  userId: number;
  /** A moderator's photos are published at once; anyone else's wait for review (2 at most). */
  moderator: boolean;
  /** The proposal draft opened again, if any: its values and photos fill the form. */
  opened: ProposalDraft | null;
  initialView: { center: LatLng; zoom: number } | null;
  /** What the link to the form filled in (not for a draft opened again). */
  fromLink: ProposalFromLink | null;
}

/** The place form with its photos: both sent now, or kept together as a draft when offline. */
function ProposeForm({ userId, moderator, opened, initialView, fromLink }: ProposeFormProps) {
  const [, navigate] = useLocation();
  const { options } = useCategoryOptions();
  const { languages } = useRuntimeConfig();
  const photos = useProposalPhotos(opened?.photos ?? []);
  // A new key each time the form opens: a draft opened again may be changed, and a key sent with
  // other contents is refused (the duplicates check names the place if the first try arrived).
  const [key] = useState(newDraftId);

  /** This form's proposal as a draft waiting to be sent (the place itself, or only its photos). */
  const draftOf = (
    values: UnsentForm['values'],
    chosen: Awaited<ReturnType<typeof photos.ready>>,
    place: { id: number } | null,
  ) => ({
    kind: 'proposal' as const,
    id: key,
    userId,
    createdAt: opened?.createdAt ?? new Date().toISOString(),
    state: 'waiting' as const,
    // A place that was created has only its photos left to send: nothing went wrong.
    problem: place ? null : ('network_error' as const),
    values,
    photos: chosen,
    placeId: place?.id ?? null,
  });

  async function keep({ values }: UnsentForm) {
    await keepDraft(draftOf(values, await photos.ready(), null));
    if (opened) await removeDraft(opened.id);
    navigate(`/my-submissions?drafted=${key}`);
  }

  async function saved(place: OwnPlace) {
    const ready = await photos.ready();
    if (ready.length > 0) {
      // The photos follow the place as a draft's do: kept in this browser until the server has
      // each (sent with its own key), so a connection lost now, or the tab closed, loses none.
      try {
        await keepDraft(draftOf(placeFormValues(place, languages), ready, place));
        void sendWaitingDrafts();
      } catch {
        // Nothing can be kept here (no IndexedDB): the place is saved all the same, and My
        // submissions offers to add photos to it.
      }
    }
    if (opened) await removeDraft(opened.id);
    navigate(`/my-submissions?saved=${place.id}`);
  }

  return (
    <PlaceEditor
      categories={options}
      cancelHref={opened ? '/my-submissions' : '/'}
      renderMap={(request) => <PickerMap {...request} initialView={initialView} />}
      proposalKey={key}
      initialValues={opened?.values ?? fromLink?.values ?? undefined}
      embeddedOn={fromLink?.embeddedOn}
      onUnsent={keep}
      onSaved={saved}
      beforeSave={
        <PhotoChooser
          photos={photos.chosen}
          onAdd={photos.add}
          onRemove={photos.remove}
          forReview={!moderator}
        />
      }
    />
  );
}

/** `/propose`: a new place, for signed-in contributors. */
export function ProposePage() {
  const { t } = useTranslation();
  const search = useSearch();
  return (
    <ContributorFrame
      title={t('placeEditor.proposeTitle')}
      intro={t('placeEditor.proposeIntro')}
      path={search ? `/propose?${search}` : '/propose'}
      signInTitle={t('placeEditor.signInTitle')}
      signInBody={t('placeEditor.signInBody')}
    >
      {(user) => <Propose userId={user.id} moderator={isModerator(user)} search={search} />}
    </ContributorFrame>
  );
}
