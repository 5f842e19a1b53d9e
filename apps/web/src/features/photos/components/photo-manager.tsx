import type { LatLng } from '@karta/contracts';
import { type DragEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import { FileButton } from '../../../components/ui/file-button.tsx';
import { CameraIcon } from '../../../components/ui/icons.tsx';
import { PHOTO_ACCEPT } from '../../../lib/photo-content-type.ts';
import { useCurrentUser } from '../../../lib/session/current-user.ts';
import { isModerator } from '../../../lib/session/roles.ts';
import { useOrderPhotos } from '../api/photo-writes.ts';
import { usePlacePhotos } from '../api/place-photos.ts';
import { usePhotoUploads } from '../hooks/use-photo-uploads.ts';
import { PhotoEditorItem } from './photo-editor-item.tsx';
import { PhotoUploadList } from './photo-upload-list.tsx';

/** What the file chooser offers: what the server takes. */

interface PhotoManagerProps {
  placeId: number;
  /** The site's languages: an alt text field each. */
  languages: readonly string[];
  /** Whether the reader may reorder the place's photos (whoever may edit the place). */
  canReorder: boolean;
  /** Where an uploaded photo was taken, by its EXIF, for the place form's pin suggestion. */
  onTakenAt?(position: LatLng): void;
  /** Keeps a photo that could not be sent (no network), to send later; without it, it fails. */
  onUnsent?(photo: Blob): Promise<void>;
}

/**
 * Adding and looking after a place's photos: drop or choose files (sent one by one with their
 * progress), then say what each shows, its licence and credit, reorder and remove them.
 */
export function PhotoManager({ placeId, languages, canReorder, onTakenAt, onUnsent }: PhotoManagerProps) {
  const { t } = useTranslation();
  const [dragging, setDragging] = useState(false);
  const user = useCurrentUser().data ?? null;
  const photos = usePlacePhotos(placeId);
  const order = useOrderPhotos(placeId);
  const { uploads, add } = usePhotoUploads(
    placeId,
    (photo) => {
      if (photo.takenAt) onTakenAt?.(photo.takenAt);
    },
    onUnsent,
  );
  const moderator = isModerator(user);
  const items = photos.data?.items ?? [];

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    add([...event.dataTransfer.files]);
  };
  const move = (index: number, step: -1 | 1) => {
    const ids = items.map((photo) => photo.id);
    const [moved] = ids.splice(index, 1);
    if (moved === undefined) return;
    ids.splice(index + step, 0, moved);
    order.mutate(ids);
  };

  return (
    <div className="space-y-4" data-testid="photo-manager">
      {/* biome-ignore lint/a11y/noStaticElementInteractions: dropping files is a shortcut; the button beside does the same. */}
      <div
        className={`rounded-lg border-2 border-dashed p-4 text-center text-sm ${dragging ? 'border-blue-600 bg-blue-50' : 'border-gray-300'}`}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <p className="text-gray-700">{t('photos.dropHint')}</p>
        <FileButton
          accept={PHOTO_ACCEPT}
          multiple
          testId="photo-input"
          className={`${buttonStyles.secondary} mt-2`}
          onFiles={add}
        >
          <CameraIcon />
          {t('photos.choose')}
        </FileButton>
        <p className="mt-2 text-xs text-gray-600">{t('photos.limits')}</p>
      </div>
      <PhotoUploadList uploads={uploads} />
      {items.length > 0 && (
        <ul className="space-y-3">
          {items.map((photo, index) => (
            <PhotoEditorItem
              key={photo.id}
              photo={photo}
              languages={languages}
              editable={moderator || (photo.own && photo.status === 'pending')}
              removable={moderator || photo.own}
              onMove={canReorder && items.length > 1 ? (step) => move(index, step) : undefined}
              isFirst={index === 0}
              isLast={index === items.length - 1}
            />
          ))}
        </ul>
      )}
    </div>
  );
}
