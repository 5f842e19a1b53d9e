import { PENDING_PHOTOS_PER_USER, PHOTOS_PER_PLACE } from '@karta/contracts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import { FileButton } from '../../../components/ui/file-button.tsx';
import { CameraIcon } from '../../../components/ui/icons.tsx';
import { PHOTO_ACCEPT } from '../../../lib/photo-content-type.ts';
import { photoThumbnail } from '../utils/photo-thumbnail.ts';

/** A photo chosen to go with a place not saved yet. */
export interface ChosenPhoto {
  key: string;
  photo: Blob;
}

interface PhotoChooserProps {
  photos: readonly ChosenPhoto[];
  /** Files the user chose, at most as many as the place still has room for. */
  onAdd(files: File[]): void;
  onRemove(key: string): void;
  /**
   * Whether the photos will wait for review (anyone's but a moderator's): then at most
   * PENDING_PHOTOS_PER_USER, as many as one person may have waiting at a place.
   */
  forReview?: boolean;
}

/** One chosen photo's preview; a plain tile while it is drawn, or when the browser cannot draw it. */
function Thumbnail({ photo, alt }: { photo: Blob; alt: string }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    void photoThumbnail(photo).then((made) => current && setUrl(made));
    return () => {
      current = false;
    };
  }, [photo]);
  return url ? (
    <img src={url} alt={alt} className="aspect-square w-full rounded-lg bg-gray-100 object-cover" />
  ) : (
    <div
      role="img"
      aria-label={alt}
      className="flex aspect-square w-full items-center justify-center rounded-lg bg-gray-100 text-gray-500"
    >
      <CameraIcon className="size-6" />
    </div>
  );
}

/**
 * Photos to send with a place that is still being written: choose them (a phone offers its camera
 * or its gallery), see them, remove one. Nothing is sent here; the page sends them after the place.
 */
export function PhotoChooser({ photos, onAdd, onRemove, forReview = false }: PhotoChooserProps) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [leftOut, setLeftOut] = useState(0);
  const max = forReview ? PENDING_PHOTOS_PER_USER : PHOTOS_PER_PLACE;
  const room = max - photos.length;

  return (
    <fieldset className="space-y-3" data-testid="chosen-photos">
      <legend className="text-base font-semibold text-gray-900">{t('photos.chooser.title')}</legend>
      <p className="text-sm text-gray-600">{t('photos.chooser.intro')}</p>
      {photos.length > 0 && (
        <ul className="flex flex-wrap gap-3">
          {photos.map(({ key, photo }, index) => (
            <li key={key} data-testid="chosen-photo" className="w-24 space-y-1 sm:w-28">
              <Thumbnail photo={photo} alt={t('photos.chooser.photo', { number: index + 1 })} />
              <button
                type="button"
                data-testid="remove-chosen-photo"
                aria-label={t('photos.chooser.remove', { number: index + 1 })}
                className={`${buttonStyles.link} min-h-11 w-full justify-center`}
                onClick={() => {
                  onRemove(key);
                  setLeftOut(0);
                  // The button goes with its photo: the focus waits on the chooser instead (after
                  // the render, which brings the chooser back when the place was full).
                  window.setTimeout(() => input.current?.focus());
                }}
              >
                {t('photos.remove')}
              </button>
            </li>
          ))}
        </ul>
      )}
      {room > 0 ? (
        <FileButton
          accept={PHOTO_ACCEPT}
          multiple
          testId="choose-photos"
          inputRef={input}
          className={`${buttonStyles.secondary} min-h-11`}
          onFiles={(files) => {
            setLeftOut(Math.max(0, files.length - room));
            onAdd(files.slice(0, room));
          }}
        >
          <CameraIcon className="size-4" />
          {t(photos.length > 0 ? 'photos.chooser.addMore' : 'photos.chooser.add')}
        </FileButton>
      ) : (
        <p className="text-sm text-gray-700">
          {t(forReview ? 'photos.chooser.fullForReview' : 'photos.chooser.full', { count: max })}
        </p>
      )}
      <p role="status" data-testid="chosen-photos-note" className="text-sm text-amber-900 empty:hidden">
        {leftOut > 0
          ? t(forReview ? 'photos.chooser.leftOutForReview' : 'photos.chooser.leftOut', {
              count: leftOut,
              max,
            })
          : ''}
      </p>
      <p className="text-xs text-gray-600">{t('photos.limits')}</p>
    </fieldset>
  );
}
