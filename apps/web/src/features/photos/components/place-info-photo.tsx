import { useTranslation } from 'react-i18next';
import { usePlacePhotos } from '../api/place-photos.ts';
import { photoAlt } from '../utils/photo-text.ts';
import { PhotoImage } from './photo-image.tsx';

/**
 * The info window's photo: the place's first, small and square beside the name (the map is only
 * 400 px high, so the window must not grow), in a box of fixed size so its loading moves
 * nothing, with how many there are. Nothing at all for a place without photos.
 */
export function PlaceInfoPhoto({ placeId, placeName }: { placeId: number; placeName: string }) {
  const { t, i18n } = useTranslation();
  const photos = usePlacePhotos(placeId).data?.items ?? [];
  const first = photos[0];
  if (!first) return null;
  return (
    <div
      className="relative mt-6 size-20 shrink-0 overflow-hidden rounded-md bg-gray-100"
      data-testid="info-photo"
    >
      <PhotoImage
        photo={first}
        size="thumb"
        alt={photoAlt(first, i18n.language, t('photos.fallbackAlt', { name: placeName }))}
        className="size-full object-cover"
      />
      {photos.length > 1 && (
        <span className="absolute inset-x-0 bottom-0 bg-gray-950/75 px-1 py-0.5 text-center text-[0.6875rem] font-medium text-white">
          {t('photos.count', { count: photos.length })}
        </span>
      )}
    </div>
  );
}
