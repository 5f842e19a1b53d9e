import type { GeocodeItem } from '@karta/contracts';
import type { LatLng } from '@karta/map-core';
import { useTranslation } from 'react-i18next';
import { AddressField } from '../../../components/address-field.tsx';
import { LocateIcon, MapPinIcon, SearchIcon } from '../../../components/ui/icons.tsx';
import { useGeocoder } from '../../../lib/geocode/address-search.ts';

interface NearStartProps {
  /** Addresses nearer this point come first (the site's first view). */
  near: LatLng;
  onChooseAddress(address: GeocodeItem): void;
}

/** Before there is a point: the ways to give one (location, the map, and an address where the site finds them). */
export function NearStart({ near, onChooseAddress }: NearStartProps) {
  const { t } = useTranslation();
  const addresses = useGeocoder() !== null;
  return (
    <div data-testid="near-start" className="rounded-xl border border-gray-200 bg-white p-5 shadow-sm">
      <h2 className="font-semibold text-gray-900">{t('near.start.title')}</h2>
      <ul className="mt-3 space-y-3 text-sm text-gray-700">
        <li className="flex items-start gap-3">
          <span className="shrink-0 rounded-full bg-blue-50 p-2 text-blue-700">
            <LocateIcon className="size-4" />
          </span>
          <span className="pt-1">{t('near.start.locate')}</span>
        </li>
        <li className="flex items-start gap-3">
          <span className="shrink-0 rounded-full bg-blue-50 p-2 text-blue-700">
            <MapPinIcon className="size-4" />
          </span>
          <span className="pt-1">{t('near.start.pick')}</span>
        </li>
        {addresses && (
          <li className="flex items-start gap-3">
            <span className="shrink-0 rounded-full bg-blue-50 p-2 text-blue-700">
              <SearchIcon className="size-4" />
            </span>
            <span className="pt-1">{t('near.start.address')}</span>
          </li>
        )}
      </ul>
      <AddressField near={near} onChoose={onChooseAddress} className="mt-4" />
    </div>
  );
}
