import type { LatLng } from '@karta/map-core';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { PlaceEditor } from '../../../features/place-editor/components/place-editor.tsx';
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

/** `/propose`: a new place, for signed-in contributors. */
export function ProposePage() {
  const { t } = useTranslation();
  const search = useSearch();
  const [, navigate] = useLocation();
  const { options } = useCategoryOptions();
  const initialView = viewFromSearch(search);
  return (
    <ContributorFrame
      title={t('placeEditor.proposeTitle')}
      intro={t('placeEditor.proposeIntro')}
      path={search ? `/propose?${search}` : '/propose'}
      signInTitle={t('placeEditor.signInTitle')}
      signInBody={t('placeEditor.signInBody')}
    >
      {() => (
        <PlaceEditor
          categories={options}
          cancelHref="/"
          renderMap={(request) => <PickerMap {...request} initialView={initialView} />}
          onSaved={(place) => navigate(`/my-submissions?saved=${place.id}`)}
        />
      )}
    </ContributorFrame>
  );
}
