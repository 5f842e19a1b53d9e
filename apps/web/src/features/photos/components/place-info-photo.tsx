import { useTranslation } from 'react-i18next';
import { usePlacePhotos } from '../api/place-photos.ts';
import { photoAlt } from '../utils/photo-text.ts';
import { PhotoImage } from './photo-image.tsx';

/**
 * The info window's photo: the place's first, in a box of fixed shape (so its loading moves
 * nothing), with how many there are. Nothing at all for a place without photos.
 */
export function PlaceInfoPhoto({ placeId, placeName }: { placeId: number; placeName: string }) {
  const { t, i18n } = useTranslation();
  const photos = usePlacePhotos(placeId).data?.items ?? [];
  const first = photos[0];
  if (!first) return null;
  return (
    <div
      className="relative mb-2 aspect-[16/9] overflow-hidden rounded-md bg-gray-100"
      data-testid="info-photo"
    >
      <PhotoImage
        photo={first}
        size="thumb"
        alt={photoAlt(first, i18n.language, t('photos.fallbackAlt', { name: placeName }))}
        className="size-full object-cover"
      />
      {photos.length > 1 && (
        <span className="absolute right-1.5 bottom-1.5 rounded bg-gray-950/75 px-1.5 py-0.5 text-xs font-medium text-white">
          {t('photos.count', { count: photos.length })}
        </span>
      )}
    </div>
  );
}
