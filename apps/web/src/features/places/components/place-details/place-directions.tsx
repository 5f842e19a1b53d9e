import type { Place } from '@karta/contracts';
import { useTranslation } from 'react-i18next';
import { buttonStyles } from '../../../../components/ui/button-styles.ts';
import { DirectionsIcon, ExternalLinkIcon, MapIcon } from '../../../../components/ui/icons.tsx';
import { googleDirectionsUrl, osmDirectionsUrl, osmPlaceUrl } from '../../../../lib/place-links.ts';

/**
 * Links that take the visitor there, in the map services they already use: one wrapping row of
 * buttons, the first (the open map's directions, as in the info window) the main one.
 */
export function PlaceDirections({ place }: { place: Pick<Place, 'lat' | 'lng'> }) {
  const { t } = useTranslation();
  const links = [
    { href: osmDirectionsUrl(place), label: t('placePage.directionsOsm'), icon: <DirectionsIcon /> },
    { href: googleDirectionsUrl(place), label: t('placePage.directionsGoogle'), icon: <DirectionsIcon /> },
    { href: osmPlaceUrl(place), label: t('placePage.openInOsm'), icon: <MapIcon /> },
  ];
  return (
    <ul data-testid="place-directions" className="flex flex-wrap gap-2">
      {links.map((link, index) => (
        <li key={link.href}>
          <a
            href={link.href}
            target="_blank"
            rel="noopener noreferrer"
            // The main button's clear border keeps it as tall as the bordered others.
            className={
              index === 0 ? `${buttonStyles.primary} border border-transparent` : buttonStyles.secondary
            }
          >
            {link.icon}
            {link.label}
            <ExternalLinkIcon className="size-3.5 opacity-70" />
            <span className="sr-only"> {t('actions.opensInNewTab')}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
