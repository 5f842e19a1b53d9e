import type { LatLng } from '@karta/contracts';
import { useTranslation } from 'react-i18next';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import { formatDistance } from '../../../lib/i18n/format.ts';
import { metresBetween } from '../../../lib/metres-between.ts';

/** Closer than this, the photo's position is the pin's: nothing to suggest. */
const SAME_SPOT_METRES = 10;

interface PhotoPinSuggestionProps {
  /** Where a photo just uploaded was taken (its EXIF, sent back to its uploader only). */
  takenAt: LatLng | null;
  pin: LatLng | null;
  onMove(position: LatLng): void;
  onDismiss(): void;
}

/** "This photo was taken 40 m from the pin — move the pin there?" */
export function PhotoPinSuggestion({ takenAt, pin, onMove, onDismiss }: PhotoPinSuggestionProps) {
  const { t, i18n } = useTranslation();
  if (!takenAt) return null;
  const metres = pin ? metresBetween(takenAt, pin) : null;
  if (metres !== null && metres < SAME_SPOT_METRES) return null;
  return (
    <div
      role="status"
      data-testid="photo-pin-suggestion"
      className="rounded-lg border border-blue-200 bg-blue-50 p-3 text-sm text-blue-950"
    >
      <p>
        {metres === null
          ? t('photos.pinSuggestionNoPin')
          : t('photos.pinSuggestion', { distance: formatDistance(metres, i18n.language) })}
      </p>
      <div className="mt-2 flex flex-wrap gap-2">
        <button
          type="button"
          className={buttonStyles.actionPrimary}
          onClick={() => onMove(takenAt)}
          data-testid="photo-pin-move"
        >
          {t('photos.pinMove')}
        </button>
        <button type="button" className={buttonStyles.action} onClick={onDismiss}>
          {t('photos.pinKeep')}
        </button>
      </div>
    </div>
  );
}
