import type { Photo, PhotoFlagReason } from '@karta/contracts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import { ChevronLeftIcon, ChevronRightIcon } from '../../../components/ui/icons.tsx';
import { ModalDialog } from '../../../components/ui/modal-dialog.tsx';
import { errorMessageKey } from '../../../lib/error-message.ts';
import { useFlagPhoto, useTransitionPhoto } from '../api/photo-writes.ts';
import { photoAlt } from '../utils/photo-text.ts';
import { PhotoCredit } from './photo-credit.tsx';
import { PhotoImage } from './photo-image.tsx';

const REASONS: readonly PhotoFlagReason[] = ['not_this_place', 'private_person', 'offensive', 'copyright'];

interface PhotoViewerProps {
  photos: readonly Photo[];
  index: number;
  onIndexChange(index: number): void;
  /** The alt text of a photo that has none: "Photo of <place>". */
  fallbackAlt: string;
  /** A moderator may publish or hide the photo from here. */
  moderate?: boolean;
  onClose(): void;
}

/**
 * One photo large, in a dialog: the arrow keys (and the buttons) go to the previous and next,
 * Escape closes it and focus returns to the thumbnail that opened it. Its alt text is shown as
 * its caption, with its credit and licence; a published photo can be reported from here.
 */
export function PhotoViewer({
  photos,
  index,
  onIndexChange,
  fallbackAlt,
  moderate,
  onClose,
}: PhotoViewerProps) {
  const { t, i18n } = useTranslation();
  const count = photos.length;
  const go = (step: number) => onIndexChange((index + step + count) % count);
  const turn = useRef(go);
  turn.current = go;
  // The arrow keys turn the photos wherever the focus is in the dialog (but in the report's list).
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.target instanceof HTMLSelectElement || event.altKey || event.ctrlKey || event.metaKey) return;
      if (event.key === 'ArrowLeft') turn.current(-1);
      else if (event.key === 'ArrowRight') turn.current(1);
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
  const photo = photos[index];
  if (!photo) return null;
  const alt = photoAlt(photo, i18n.language, fallbackAlt);

  return (
    <ModalDialog
      title={t('photos.viewerTitle', { number: index + 1, count })}
      onClose={onClose}
      testId="photo-viewer"
    >
      <div>
        <figure>
          <div className="flex justify-center rounded-lg bg-gray-950">
            <PhotoImage
              key={photo.id}
              photo={photo}
              size="large"
              alt={alt}
              loading="eager"
              className="max-h-[60vh] w-auto max-w-full object-contain"
            />
          </div>
          <figcaption className="mt-3 space-y-1">
            <p className="text-sm text-gray-900" data-testid="photo-caption">
              {alt}
            </p>
            <PhotoCredit photo={photo} />
            {photo.status !== 'published' && (
              <p className="text-xs font-medium text-amber-800">{t(`photos.status.${photo.status}`)}</p>
            )}
          </figcaption>
        </figure>
        {count > 1 && (
          <div className="mt-4 flex justify-between gap-2">
            <button
              type="button"
              className={buttonStyles.secondary}
              onClick={() => go(-1)}
              data-testid="photo-previous"
            >
              <ChevronLeftIcon />
              {t('photos.previous')}
            </button>
            <button
              type="button"
              className={buttonStyles.secondary}
              onClick={() => go(1)}
              data-testid="photo-next"
            >
              {t('photos.next')}
              <ChevronRightIcon />
            </button>
          </div>
        )}
        {moderate ? (
          <ModeratePhoto photo={photo} />
        ) : (
          photo.status === 'published' && !photo.own && <ReportPhoto key={photo.id} photoId={photo.id} />
        )}
      </div>
    </ModalDialog>
  );
}

/** A moderator's Publish or Hide, for the photo shown (publishing needs its alt text). */
function ModeratePhoto({ photo }: { photo: Photo }) {
  const { t } = useTranslation();
  const transition = useTransitionPhoto();
  const to = photo.status === 'published' ? 'hidden' : 'published';
  return (
    <div className="mt-4 flex flex-wrap items-center gap-2 border-t border-gray-200 pt-4">
      <span className="text-sm font-medium text-gray-800">{t('photos.moderatorActions')}</span>
      <button
        type="button"
        className={buttonStyles.secondary}
        disabled={transition.isPending}
        onClick={() => transition.mutate({ id: photo.id, to, version: photo.version })}
        data-testid={to === 'published' ? 'photo-publish' : 'photo-hide'}
      >
        {t(to === 'published' ? 'photos.publish' : 'photos.hide')}
      </button>
      {transition.isError && (
        <p role="alert" className="w-full text-sm text-red-700">
          {t(errorMessageKey(transition.error))}
        </p>
      )}
    </div>
  );
}

/** "Report this photo": a reason, sent once; anyone may, signed in or not. */
function ReportPhoto({ photoId }: { photoId: number }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<PhotoFlagReason>('not_this_place');
  const flag = useFlagPhoto();
  if (flag.isSuccess) {
    return (
      <p role="status" className="mt-4 text-sm text-green-800" data-testid="photo-reported">
        {t('photos.reported')}
      </p>
    );
  }
  if (!open) {
    return (
      <button type="button" className={`${buttonStyles.link} mt-4 text-sm`} onClick={() => setOpen(true)}>
        {t('photos.report')}
      </button>
    );
  }
  return (
    <form
      className="mt-4 flex flex-wrap items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        flag.mutate({ id: photoId, reason });
      }}
    >
      <label className="text-sm text-gray-800">
        <span className="block font-medium">{t('photos.reportReason')}</span>
        <select
          className="mt-1 rounded-lg border border-gray-300 px-2 py-1.5 text-sm"
          value={reason}
          onChange={(event) => setReason(event.target.value as PhotoFlagReason)}
        >
          {REASONS.map((value) => (
            <option key={value} value={value}>
              {t(`flags.reasons.${value}`)}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className={buttonStyles.secondary} disabled={flag.isPending}>
        {t('photos.reportSend')}
      </button>
      {flag.isError && (
        <p role="alert" className="w-full text-sm text-red-700">
          {t(errorMessageKey(flag.error))}
        </p>
      )}
    </form>
  );
}
