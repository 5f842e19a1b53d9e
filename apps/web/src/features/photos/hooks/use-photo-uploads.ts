import { ApiError } from '@karta/api-client';
import type { UploadedPhoto } from '@karta/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageKey } from '../../../lib/error-message.ts';
import { wentUnanswered } from '../../../lib/unanswered.ts';
import { photosQueryRoot } from '../api/place-photos.ts';
import { smallerPhoto, uploadPhoto } from '../api/upload-photo.ts';

export interface PhotoUpload {
  key: number;
  name: string;
  /** `kept`: it could not be sent, and waits in the browser to be sent later. */
  state: 'waiting' | 'resizing' | 'uploading' | 'processing' | 'done' | 'failed' | 'kept';
  /** Share of the file sent, 0–1. */
  progress: number;
  error: string | null;
}

/**
 * Sends chosen files to a place one after another (the server processes them in turn anyway),
 * each made smaller first when large, with its progress; a refusal is explained in the words of
 * its reason. `onUploaded` gets each stored photo (and where it was taken, when it says); a photo
 * that got no answer goes to `onUnsent`, when given, to be kept and sent later.
 */
export function usePhotoUploads(
  placeId: number,
  onUploaded?: (photo: UploadedPhoto) => void,
  onUnsent?: (photo: Blob) => Promise<void>,
) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [uploads, setUploads] = useState<PhotoUpload[]>([]);
  const queue = useRef(Promise.resolve());
  const nextKey = useRef(0);

  const change = (key: number, update: Partial<PhotoUpload>) =>
    setUploads((current) =>
      current.map((upload) => (upload.key === key ? { ...upload, ...update } : upload)),
    );

  const messageOf = (error: unknown) => {
    if (error instanceof ApiError && error.code === 'photo_refused') {
      const reason = (error.details as { reason?: string } | undefined)?.reason;
      if (reason) return t(`photos.refusals.${reason}`, { defaultValue: t('errors.codes.photo_refused') });
    }
    return t(errorMessageKey(error));
  };

  async function send(key: number, file: File) {
    let photo: Blob = file;
    try {
      change(key, { state: 'resizing' });
      photo = await smallerPhoto(file);
      change(key, { state: 'uploading' });
      const uploaded = await uploadPhoto(placeId, photo, (progress) =>
        change(key, progress < 1 ? { progress } : { progress, state: 'processing' }),
      );
      change(key, { state: 'done', progress: 1 });
      onUploaded?.(uploaded);
    } catch (error) {
      if (onUnsent && wentUnanswered(error)) {
        await onUnsent(photo);
        change(key, { state: 'kept', progress: 0 });
      } else change(key, { state: 'failed', error: messageOf(error) });
    } finally {
      await queryClient.invalidateQueries({ queryKey: photosQueryRoot });
    }
  }

  return {
    uploads,
    add(files: readonly File[]) {
      const added = files.map((file) => ({
        file,
        upload: {
          key: nextKey.current++,
          name: file.name,
          state: 'waiting',
          progress: 0,
          error: null,
        } as PhotoUpload,
      }));
      setUploads((current) => [...current, ...added.map(({ upload }) => upload)]);
      for (const { file, upload } of added) {
        queue.current = queue.current.then(() => send(upload.key, file));
      }
    },
  };
}
