import type { Photo } from '@karta/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { photoAlt } from '../utils/photo-text.ts';
import { PhotoImage } from './photo-image.tsx';
import { PhotoViewer } from './photo-viewer.tsx';

interface PhotoGalleryProps {
  photos: readonly Photo[];
  /** The alt text of a photo that has none. */
  fallbackAlt: string;
  /** A moderator may publish or hide photos from the viewer. */
  moderate?: boolean;
}

/** A place's photos as a grid of thumbnails, each opening the viewer at it. */
export function PhotoGallery({ photos, fallbackAlt, moderate }: PhotoGalleryProps) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState<number | null>(null);
  return (
    <>
      <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3" data-testid="photo-gallery">
        {photos.map((photo, index) => {
          const alt = photoAlt(photo, i18n.language, fallbackAlt);
          return (
            <li key={photo.id}>
              <button
                type="button"
                className="block aspect-[4/3] w-full overflow-hidden rounded-lg ring-1 ring-gray-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
                aria-label={t('photos.open', { alt })}
                onClick={() => setOpen(index)}
                data-testid="photo-open"
              >
                <PhotoImage photo={photo} size="thumb" alt="" className="size-full object-cover" />
              </button>
            </li>
          );
        })}
      </ul>
      {open !== null && (
        <PhotoViewer
          photos={photos}
          index={open}
          onIndexChange={setOpen}
          fallbackAlt={fallbackAlt}
          moderate={moderate}
          onClose={() => setOpen(null)}
        />
      )}
    </>
  );
}
