import type { Place } from '@karta/contracts';
import { useTranslation } from 'react-i18next';
import { DirectionsIcon, ExternalLinkIcon, MapIcon } from '../../../../components/ui/icons.tsx';
import { googleDirectionsUrl, osmDirectionsUrl, osmPlaceUrl } from '../../../../lib/place-links.ts';

/** Links that take the visitor there, in the map services they already use. */
export function PlaceDirections({ place }: { place: Pick<Place, 'lat' | 'lng'> }) {
  const { t } = useTranslation();
  const links = [
    { href: osmDirectionsUrl(place), label: t('placePage.directionsOsm'), icon: <DirectionsIcon /> },
    { href: googleDirectionsUrl(place), label: t('placePage.directionsGoogle'), icon: <DirectionsIcon /> },
    { href: osmPlaceUrl(place), label: t('placePage.openInOsm'), icon: <MapIcon /> },
  ];
  return (
    <ul className="space-y-1">
      {links.map((link) => (
        <li key={link.href}>
          <a
            href={link.href}
            target="_blank"
            rel="noopener noreferrer"
            className="flex items-center gap-2.5 rounded-lg px-2 py-2 text-sm font-medium text-blue-700 hover:bg-blue-50"
          >
            <span className="text-blue-700">{link.icon}</span>
            <span className="flex-1">{link.label}</span>
            <ExternalLinkIcon className="size-3.5 text-gray-500" />
            <span className="sr-only">{t('actions.opensInNewTab')}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
