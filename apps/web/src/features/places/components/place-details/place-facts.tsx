import type { Place } from '@karta/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PlaceWeek } from '../../../../components/opening-hours/place-week.tsx';
import { MailIcon, PhoneIcon } from '../../../../components/ui/icons.tsx';
import { formatDate, formatDistance } from '../../../../lib/i18n/format.ts';
import { formatCoordinates } from '../../../../lib/place-links.ts';
import { DetailRow } from './detail-row.tsx';
import { safeWebsiteUrl } from './safe-website.ts';

const linkStyle =
  'inline-flex items-center gap-1.5 font-medium text-blue-700 underline-offset-2 hover:underline';

interface PlaceFactsProps {
  place: Place;
  categoryName: string;
  /** Whether the place is still there, and the way to say so (the app passes the freshness box). */
  freshness: ReactNode;
}

/** Every fact about a place, as a definition list: location, area, contact, dates, reference. */
export function PlaceFacts({ place, categoryName, freshness }: PlaceFactsProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const website = place.website ? safeWebsiteUrl(place.website) : null;
  const accuracy =
    place.locationPrivacy === '100m'
      ? t('places.approximate100m')
      : place.locationPrivacy === '1km'
        ? t('places.approximate1km')
        : t('placePage.exactLocation');
  const hasContact = Boolean(place.phone || place.email || place.website);

  return (
    <dl className="divide-y divide-gray-200">
      <DetailRow label={t('placePage.category')}>{categoryName}</DetailRow>
      {place.address && <DetailRow label={t('placePage.address')}>{place.address}</DetailRow>}
      <DetailRow label={t('placePage.coordinates')}>
        <span className="tabular-nums">{formatCoordinates(place)}</span>
        <span
          className={`block text-sm ${place.locationPrivacy === 'exact' ? 'text-gray-600' : 'text-amber-800'}`}
        >
          {accuracy}
        </span>
      </DetailRow>
      {place.radius !== null && (
        <DetailRow label={t('placePage.area')}>
          {t('places.radius', { radius: formatDistance(place.radius, language) })}
        </DetailRow>
      )}
      {/* The week in the reader's words; whether it is open now stands under the page's title, and
          the hours as written (OpenStreetMap's syntax) are for the editor. */}
      {place.openingHours && (
        <DetailRow label={t('placePage.openingHours')}>
          <PlaceWeek place={place} hours={place.openingHours} />
        </DetailRow>
      )}
      <DetailRow label={t('freshness.label')}>{freshness}</DetailRow>
      <DetailRow label={t('placePage.contact')}>
        {hasContact ? (
          <ul className="space-y-1.5">
            {place.phone && (
              <li>
                <a className={linkStyle} href={`tel:${place.phone.replace(/[^\d+]/g, '')}`}>
                  <PhoneIcon className="size-4" />
                  {place.phone}
                </a>
              </li>
            )}
            {place.email && (
              <li>
                <a className={linkStyle} href={`mailto:${place.email}`}>
                  <MailIcon className="size-4" />
                  {place.email}
                </a>
              </li>
            )}
            {place.website && (
              <li>
                {website ? (
                  <a
                    className={`${linkStyle} break-all`}
                    href={website}
                    target="_blank"
                    rel="noopener noreferrer"
                  >
                    {place.website}
                    <span className="sr-only"> {t('actions.opensInNewTab')}</span>
                  </a>
                ) : (
                  place.website
                )}
              </li>
            )}
          </ul>
        ) : (
          <span className="text-gray-600">{t('placePage.noContact')}</span>
        )}
      </DetailRow>
      {place.publishedAt && (
        <DetailRow label={t('placePage.published')}>{formatDate(place.publishedAt, language)}</DetailRow>
      )}
      <DetailRow label={t('placePage.updated')}>{formatDate(place.updatedAt, language)}</DetailRow>
      <DetailRow label={t('placePage.reference')}>
        {t('placePage.placeId', { id: String(place.id) })}
        {place.externalId && <span className="block text-gray-600">{place.externalId}</span>}
      </DetailRow>
    </dl>
  );
}
