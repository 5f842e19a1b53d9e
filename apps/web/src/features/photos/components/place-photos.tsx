import type { Photo, Place } from '@karta/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import { CameraIcon } from '../../../components/ui/icons.tsx';
import { useRuntimeConfig } from '../../../config/runtime-config.ts';
import { useCurrentUser } from '../../../lib/session/current-user.ts';
import { isModerator } from '../../../lib/session/roles.ts';
import { PhotoGallery } from './photo-gallery.tsx';
import { PhotoManager } from './photo-manager.tsx';

interface PlacePhotosProps {
  place: Place;
  photos: readonly Photo[];
  placeName: string;
}

/**
 * The place page's photos: the gallery, and for a signed-in reader "Add photos" (they wait for
 * review unless a moderator adds them); a visitor is asked to sign in for that.
 */
export function PlacePhotos({ place, photos, placeName }: PlacePhotosProps) {
  const { t } = useTranslation();
  const { languages } = useRuntimeConfig();
  const user = useCurrentUser().data ?? null;
  const [adding, setAdding] = useState(false);
  const moderator = isModerator(user);
  const fallbackAlt = t('photos.fallbackAlt', { name: placeName });
  const mayAdd = place.status === 'published' || moderator;
  const signInHref = `/sign-in?next=${encodeURIComponent(`/places/${place.id}`)}`;

  return (
    <div className="mt-3 space-y-4">
      {photos.length > 0 ? (
        <PhotoGallery photos={photos} fallbackAlt={fallbackAlt} moderate={moderator} />
      ) : (
        <p className="text-gray-600">{t('photos.none')}</p>
      )}
      {mayAdd &&
        (!user ? (
          <Link href={signInHref} className={buttonStyles.link}>
            {t('photos.signInToAdd')}
          </Link>
        ) : adding ? (
          <div className="border-t border-gray-200 pt-4">
            <p className="mb-3 text-sm text-gray-700">
              {t(moderator ? 'photos.addIntroModerator' : 'photos.addIntro')}
            </p>
            <PhotoManager placeId={place.id} languages={languages} canReorder={moderator} />
          </div>
        ) : (
          <button
            type="button"
            className={buttonStyles.secondary}
            onClick={() => setAdding(true)}
            data-testid="photo-add"
          >
            <CameraIcon />
            {t('photos.add')}
          </button>
        ))}
    </div>
  );
}
