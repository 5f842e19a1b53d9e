import type { NoteInput, Photo, Place } from '@karta/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { CategoryBadge } from '../../../components/place/category-badge.tsx';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import { ArrowLeftIcon } from '../../../components/ui/icons.tsx';
import { ReportPlaceButton } from '../../../features/flags/components/report-place-button.tsx';
import { StillHere } from '../../../features/freshness/components/still-here.tsx';
import { PlaceNotesSection } from '../../../features/notes/components/place-notes-section.tsx';
import { keepDraft } from '../../../features/offline/drafts/draft-sync.ts';
import { PlacePhotos } from '../../../features/photos/components/place-photos.tsx';
import { PlaceActions } from '../../../features/places/components/place-actions.tsx';
import { PlaceFacts } from '../../../features/places/components/place-details/place-facts.tsx';
import { PlaceFieldList } from '../../../features/places/components/place-details/place-field-list.tsx';
import type { CategoryView } from '../../../lib/categories/use-category-looks.ts';
import { newDraftId } from '../../../lib/offline/drafts/draft.ts';
import { placeDescription, placeName } from '../../../lib/places/place-text.ts';
import { useCurrentUser } from '../../../lib/session/current-user.ts';
import { serializeViewState } from '../../../lib/view-url.ts';
import { PlaceGlance } from './place-glance.tsx';
import { PlaceMap } from './place-map.tsx';

/** Zoom of the home map when going back to it from a place. */
const BACK_TO_MAP_ZOOM = 16;

const card = 'rounded-xl border border-gray-200 bg-white shadow-sm';
const cardHeading = 'text-base font-semibold text-gray-900';

/**
 * The place page's content: name, then what a visitor came for (open now, warnings, directions),
 * then the description, visitors' notes, photos, every fact, a small map, copy and share, and reporting a problem.
 */
export function PlaceView({
  place,
  photos,
  category,
}: {
  place: Place;
  /** The place's photos the reader may see, in its order. */
  photos: readonly Photo[];
  category: CategoryView;
}) {
  const { t, i18n } = useTranslation();
  const name = placeName(place, i18n.language);
  const description = placeDescription(place, i18n.language);
  const backToMap = `/?${serializeViewState({
    center: { lat: place.lat, lng: place.lng },
    zoom: BACK_TO_MAP_ZOOM,
    placeId: place.id,
    categories: [],
  })}`;
  const pageLink = `${window.location.origin}/places/${place.id}`;
  const user = useCurrentUser().data ?? null;
  // A signed-in author's note that cannot reach the server waits with the other drafts.
  const keepNote = user
    ? (note: NoteInput) =>
        keepDraft({
          kind: 'note',
          id: newDraftId(),
          userId: user.id,
          createdAt: new Date().toISOString(),
          state: 'waiting',
          problem: 'network_error',
          placeId: place.id,
          placeName: name,
          note,
        })
    : undefined;

  return (
    <article className="mx-auto max-w-screen-xl px-4 py-6 sm:px-6 lg:py-10">
      <Link to={backToMap} className={buttonStyles.link}>
        <ArrowLeftIcon />
        {t('placePage.back')}
      </Link>
      <header className="mt-4">
        <h1 className="text-2xl font-bold tracking-tight text-balance text-gray-900 sm:text-3xl">{name}</h1>
        <p className="mt-2 text-sm text-gray-700">
          <CategoryBadge name={category.name} color={category.color} />
        </p>
        <PlaceGlance place={place} />
      </header>

      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem] lg:gap-8">
        <div className="min-w-0 space-y-6">
          <section data-testid="place-about" aria-labelledby="about-heading" className={`${card} p-5 sm:p-6`}>
            <h2 id="about-heading" className={cardHeading}>
              {t('placePage.about')}
            </h2>
            {description ? (
              // Plain text with its line breaks kept: never HTML.
              <p className="mt-3 leading-relaxed whitespace-pre-line text-gray-800">{description}</p>
            ) : (
              <p className="mt-3 text-gray-600">{t('placePage.noDescription')}</p>
            )}
            <PlaceFieldList place={place} />
          </section>
          <section aria-labelledby="photos-heading" className={`${card} p-5 sm:p-6`}>
            <h2 id="photos-heading" className={cardHeading}>
              {t('photos.heading')}
            </h2>
            <PlacePhotos place={place} photos={photos} placeName={name} />
          </section>
          <section aria-labelledby="details-heading" className={`${card} px-5 pt-5 pb-2 sm:px-6`}>
            <h2 id="details-heading" className={cardHeading}>
              {t('placePage.details')}
            </h2>
            <PlaceFacts place={place} categoryName={category.name} freshness={<StillHere place={place} />} />
          </section>
          {/* Last in its column: its list arrives after the page and grows it without moving the
              sections above (today's status note is already at the top, with the place). */}
          <PlaceNotesSection
            place={place}
            signedIn={user !== null}
            onUnsent={keepNote}
            className={`${card} p-5 sm:p-6`}
            headingClassName={cardHeading}
          />
        </div>

        <aside className="min-w-0 space-y-6">
          <div className={`${card} overflow-hidden`}>
            <PlaceMap place={place} name={name} color={category.color} categoryName={category.name} />
          </div>
          <section aria-labelledby="share-heading" className={`${card} p-5`}>
            <h2 id="share-heading" className={`${cardHeading} mb-3`}>
              {t('placePage.share')}
            </h2>
            <PlaceActions place={place} shareLink={pageLink} withNavigation={false} size="regular" />
          </section>
          {/* Only a published place takes reports (the server refuses others as not found). */}
          {place.status === 'published' && (
            <section aria-labelledby="report-heading" className={`${card} p-5`}>
              <h2 id="report-heading" className={cardHeading}>
                {t('flags.report.heading')}
              </h2>
              <p className="mt-1 mb-3 text-sm text-gray-600">{t('flags.report.invitation')}</p>
              <ReportPlaceButton placeId={place.id} placeName={name} />
            </section>
          )}
        </aside>
      </div>
    </article>
  );
}
