import type { OwnPlace } from '@karta/contracts';
import type { LatLng } from '@karta/map-core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { LoadingState } from '../../../components/ui/states.tsx';
import { newDraftId } from '../../../features/offline/drafts/draft.ts';
import { keepDraft, sendWaitingDrafts } from '../../../features/offline/drafts/draft-sync.ts';
import { removeDraft } from '../../../features/offline/drafts/drafts-store.ts';
import { useDraft } from '../../../features/offline/drafts/use-drafts.ts';
import { PlaceEditor, type UnsentForm } from '../../../features/place-editor/components/place-editor.tsx';
import { ContributorFrame } from './contributor-frame.tsx';
import { PickerMap } from './picker-map.tsx';
import { useCategoryOptions } from './use-category-options.ts';

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

/** The editor for a new place, or for a proposal draft opened again (`?draft=`). */
function Propose({ userId, search }: { userId: number; search: string }) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const { options } = useCategoryOptions();
  const draftId = new URLSearchParams(search).get('draft');
  const draft = useDraft(draftId);
  // A new key each time the form opens: a draft opened again may be changed, and a key sent with
  // other contents is refused (the duplicates check names the place if the first try arrived).
  const [key] = useState(newDraftId);
  if (draft === undefined) return <LoadingState label={t('app.loadingPage')} />;
  const opened = draft?.kind === 'proposal' ? draft : null;
  const initialView = viewFromSearch(search);

  async function keep({ values }: UnsentForm) {
    await keepDraft({
      kind: 'proposal',
      id: key,
      userId,
      createdAt: opened?.createdAt ?? new Date().toISOString(),
      state: 'waiting',
      problem: 'network_error',
      values,
      photos: opened?.photos ?? [],
      placeId: null,
    });
    if (opened) await removeDraft(opened.id);
    navigate(`/my-submissions?drafted=${key}`);
  }

  async function saved(place: OwnPlace) {
    // Photos kept with the draft follow the place it became.
    if (opened && opened.photos.length > 0) {
      await keepDraft({ ...opened, placeId: place.id, state: 'waiting', problem: null });
      void sendWaitingDrafts();
    } else if (opened) await removeDraft(opened.id);
    navigate(`/my-submissions?saved=${place.id}`);
  }

  return (
    <PlaceEditor
      categories={options}
      cancelHref={opened ? '/my-submissions' : '/'}
      renderMap={(request) => <PickerMap {...request} initialView={initialView} />}
      proposalKey={key}
      initialValues={opened?.values}
      onUnsent={keep}
      onSaved={(place) => void saved(place)}
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
      {(user) => <Propose userId={user.id} search={search} />}
    </ContributorFrame>
  );
}
