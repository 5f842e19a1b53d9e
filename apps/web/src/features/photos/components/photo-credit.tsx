import type { Photo } from '@karta/contracts';
import { useTranslation } from 'react-i18next';
import { LICENCES } from '../utils/photo-text.ts';

/** "Photo: Ana K. · CC BY-SA 4.0", the licence linked to its deed. */
export function PhotoCredit({ photo }: { photo: Photo }) {
  const { t } = useTranslation();
  const licence = LICENCES[photo.licence];
  return (
    <p className="text-xs text-gray-600" data-testid="photo-credit">
      {photo.author ? t('photos.creditBy', { author: photo.author }) : t('photos.creditNone')}
      {' · '}
      <a href={licence.url} target="_blank" rel="noreferrer license" className="underline underline-offset-2">
        {licence.name}
      </a>
    </p>
  );
}
