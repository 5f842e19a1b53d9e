import { useTranslation } from 'react-i18next';
import type { PhotoUpload } from '../hooks/use-photo-uploads.ts';

/** Each file being sent: its name, a progress bar while it goes, then what became of it. */
export function PhotoUploadList({ uploads }: { uploads: readonly PhotoUpload[] }) {
  const { t } = useTranslation();
  if (uploads.length === 0) return null;
  return (
    <ul className="space-y-2" aria-label={t('photos.uploadsLabel')} data-testid="photo-uploads">
      {uploads.map((upload) => (
        <li key={upload.key} className="text-sm" data-testid="photo-upload" data-state={upload.state}>
          <div className="flex items-baseline justify-between gap-3">
            <span className="min-w-0 truncate font-medium text-gray-900">{upload.name}</span>
            <span className={upload.state === 'failed' ? 'text-red-700' : 'text-gray-600'}>
              {upload.state === 'uploading'
                ? t('photos.uploadSending', { percent: Math.round(upload.progress * 100) })
                : t(`photos.uploadStates.${upload.state}`)}
            </span>
          </div>
          {(upload.state === 'uploading' || upload.state === 'resizing' || upload.state === 'processing') && (
            <progress
              className="mt-1 h-1.5 w-full overflow-hidden rounded-full accent-blue-700"
              max={1}
              value={upload.state === 'uploading' ? upload.progress : undefined}
              aria-label={upload.name}
            />
          )}
          {upload.state === 'kept' && (
            <p className="mt-1 text-gray-700" data-testid="photo-upload-kept">
              {t('photos.keptForLater')}
            </p>
          )}
          {upload.error && (
            <p role="alert" className="mt-1 text-red-700">
              {upload.error}
            </p>
          )}
        </li>
      ))}
    </ul>
  );
}
