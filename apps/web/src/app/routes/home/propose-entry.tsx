import type { LatLng } from '@karta/map-core';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import { MapPinIcon } from '../../../components/ui/icons.tsx';

/**
 * "Propose a place", for everyone: the editor opens on the view the user is looking at, and asks a
 * signed-out visitor to sign in first.
 */
export function ProposeEntry({ center, zoom }: { center: LatLng; zoom: number }) {
  const { t } = useTranslation();
  const round = (value: number) => Math.round(value * 1e5) / 1e5;
  const href = `/propose?lat=${round(center.lat)}&lng=${round(center.lng)}&z=${Math.round(zoom)}`;
  return (
    <div className="mt-6 rounded-xl border border-blue-200 bg-blue-50 p-4">
      <p className="text-sm font-semibold text-blue-950">{t('placeEditor.entry.title')}</p>
      <p className="mt-1 text-sm text-blue-950">{t('placeEditor.entry.body')}</p>
      <Link href={href} data-testid="propose-place" className={`${buttonStyles.primary} mt-3`}>
        <MapPinIcon className="size-4" />
        {t('placeEditor.entry.action')}
      </Link>
    </div>
  );
}
