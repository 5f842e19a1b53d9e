import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import { localizeText } from '../../../lib/i18n/localize-text.ts';
import { usePhotoList } from '../api/place-photos.ts';
import { PhotoImage } from './photo-image.tsx';

const STATUS_STYLES = {
  pending: 'bg-amber-100 text-amber-900',
  published: 'bg-green-100 text-green-900',
  hidden: 'bg-gray-200 text-gray-800',
} as const;

/** "My submissions": the reader's photos, newest first, each with its state and its place. */
export function MyPhotos() {
  const { t, i18n } = useTranslation();
  const photos = usePhotoList('mine');
  const items = photos.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="my-photos-heading" className="mt-8 space-y-3" data-testid="my-photos">
      <h2 id="my-photos-heading" className="text-base font-semibold text-gray-900">
        {t('photos.mineHeading')}
      </h2>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
        {items.map((photo) => (
          <li key={photo.id} className="text-sm" data-testid="my-photo" data-status={photo.status}>
            <div className="aspect-[4/3] overflow-hidden rounded-lg">
              <PhotoImage photo={photo} size="thumb" alt="" className="size-full object-cover" />
            </div>
            <span
              className={`mt-1.5 inline-block rounded px-1.5 py-0.5 text-xs font-medium ${STATUS_STYLES[photo.status]}`}
            >
              {t(`photos.status.${photo.status}`)}
            </span>
            <Link
              href={`/places/${photo.place.id}`}
              className={`${buttonStyles.link} mt-1 block truncate text-sm`}
            >
              {localizeText(photo.place.name, i18n.language, photo.place.primaryLanguage)}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
