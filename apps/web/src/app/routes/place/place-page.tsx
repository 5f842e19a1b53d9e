import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'wouter';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import { ArrowLeftIcon, MapPinIcon, RetryIcon } from '../../../components/ui/icons.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/states.tsx';
import { useRuntimeConfig } from '../../../config/runtime-config.ts';
import { usePlacePhotos } from '../../../features/photos/api/place-photos.ts';
import { usePageTitle } from '../../../hooks/use-page-title.ts';
import { useCategoryLooks } from '../../../lib/categories/use-category-looks.ts';
import { errorMessageKey, isNotFound, isUnanswered } from '../../../lib/error-message.ts';
import { usePlace } from '../../../lib/places/get-place.ts';
import { placeName } from '../../../lib/places/place-text.ts';
import { PlaceView } from './place-view.tsx';

const PLACE_ID = /^[1-9]\d{0,14}$/;

/** `/places/:id`: everything about one place, or a clear "not found". */
export function PlacePage() {
  const { t, i18n } = useTranslation();
  const config = useRuntimeConfig();
  const params = useParams();
  const id = params.id && PLACE_ID.test(params.id) ? Number(params.id) : null;
  const query = usePlace(id);
  // Asked for with the place, and the page shown once both have answered: the gallery then takes
  // its place at once, and nothing below it moves (a failed list shows no photos).
  const photos = usePlacePhotos(id);
  const { lookOf } = useCategoryLooks(config.defaultLanguage);
  const notFound = id === null || (query.isError && isNotFound(query.error));
  usePageTitle(
    notFound
      ? t('placePage.notFoundTitle')
      : query.data
        ? placeName(query.data, i18n.language)
        : t(query.isError ? 'placePage.loadFailed' : 'placePage.loading'),
  );

  const backLink = (
    <Link to="/" className={buttonStyles.link}>
      <ArrowLeftIcon />
      {t('placePage.back')}
    </Link>
  );

  if (notFound) {
    return (
      <div className="mx-auto max-w-2xl px-4 py-12 sm:px-6">
        {backLink}
        <h1 className="sr-only">{t('placePage.notFoundTitle')}</h1>
        <EmptyState
          className="mt-8 rounded-xl border border-gray-200 bg-white"
          icon={<MapPinIcon className="size-6" />}
          title={t('placePage.notFoundTitle')}
          body={t('placePage.notFoundBody')}
          action={
            <Link to="/" className={buttonStyles.primary}>
              {t('notFound.home')}
            </Link>
          }
        />
      </div>
    );
  }

  if (query.isError) {
    return (
      <div className="mx-auto max-w-2xl px-4 py-12 sm:px-6">
        {backLink}
        <ErrorState
          className="mt-8 rounded-xl border border-gray-200 bg-white"
          title={t('placePage.loadFailed')}
          // No answer while no saved area holds the place: say that it is not saved here.
          body={t(isUnanswered(query.error) ? 'placePage.notSavedOffline' : errorMessageKey(query.error))}
          action={
            <button type="button" className={buttonStyles.primary} onClick={() => void query.refetch()}>
              <RetryIcon />
              {t('errors.retry')}
            </button>
          }
        />
      </div>
    );
  }

  if (!query.data || photos.isPending)
    // As tall as the screen, so the footer is out of view until the page comes and nothing moves.
    return <LoadingState label={t('placePage.loading')} className="min-h-screen py-24" />;
  return (
    <PlaceView place={query.data} photos={photos.data?.items ?? []} category={lookOf(query.data.category)} />
  );
}
