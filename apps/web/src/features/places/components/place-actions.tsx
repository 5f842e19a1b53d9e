import type { Place } from '@karta/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import {
  ArrowRightIcon,
  CopyIcon,
  DirectionsIcon,
  ExternalLinkIcon,
  LinkIcon,
} from '../../../components/ui/icons.tsx';
import { useCopyToClipboard } from '../../../hooks/use-copy-to-clipboard.ts';
import { formatCoordinates, osmDirectionsUrl } from '../../../lib/place-links.ts';

interface PlaceActionsProps {
  place: Pick<Place, 'id' | 'lat' | 'lng' | 'address'>;
  /** The absolute link Copy link puts on the clipboard. */
  shareLink: string;
  /** Show Directions and Details (the place page has its own, fuller, directions). */
  withNavigation?: boolean;
  /**
   * Details opens the place page in a new tab instead of in this page: in the embed, whose frame
   * belongs to another site.
   */
  detailsInNewTab?: boolean;
  size?: 'compact' | 'regular';
}

/** Details and Directions (where wanted), then Copy coordinates / address / link. */
export function PlaceActions({
  place,
  shareLink,
  withNavigation = true,
  detailsInNewTab = false,
  size = 'compact',
}: PlaceActionsProps) {
  const { t } = useTranslation();
  const copy = useCopyToClipboard();
  const address = place.address?.trim() ?? '';
  const style = size === 'compact' ? buttonStyles.action : buttonStyles.secondary;
  const primary = size === 'compact' ? buttonStyles.actionPrimary : buttonStyles.primary;
  // Map engines colour every link in their popups with unlayered CSS, which beats Tailwind's
  // layered utilities: link colours here are marked important.
  const linkStyle = `${style} text-gray-800!`;
  const primaryLinkStyle = `${primary} text-white!`;
  const navigation = withNavigation && (
    <>
      {detailsInNewTab ? (
        <a className={primaryLinkStyle} href={`/places/${place.id}`} target="_blank" rel="noopener">
          {t('actions.details')}
          <ExternalLinkIcon className="size-3.5" />
          <span className="sr-only"> {t('actions.opensInNewTab')}</span>
        </a>
      ) : (
        <Link className={primaryLinkStyle} to={`/places/${place.id}`}>
          {t('actions.details')}
          <ArrowRightIcon className="size-3.5" />
        </Link>
      )}
      <a className={linkStyle} href={osmDirectionsUrl(place)} target="_blank" rel="noopener noreferrer">
        <DirectionsIcon className="size-3.5" />
        {t('actions.directions')}
        <span className="sr-only"> {t('actions.opensInNewTab')}</span>
      </a>
    </>
  );

  // One wrapping row of actions, what a visitor most likely wants first: the place's page and the
  // way there, then the copies. In a short info window (a phone, or Croatian's longer words) the
  // content scrolls, and what is cut off is the least needed.
  return (
    <div className="flex flex-wrap gap-1.5">
      {navigation}
      <button
        type="button"
        data-testid="copy-coordinates"
        className={style}
        onClick={() => copy(formatCoordinates(place))}
      >
        <CopyIcon className="size-3.5" />
        {t('actions.copyCoordinates')}
      </button>
      {address && (
        <button type="button" data-testid="copy-address" className={style} onClick={() => copy(address)}>
          <CopyIcon className="size-3.5" />
          {t('actions.copyAddress')}
        </button>
      )}
      <button type="button" data-testid="copy-link" className={style} onClick={() => copy(shareLink)}>
        <LinkIcon className="size-3.5" />
        {t('actions.copyLink')}
      </button>
    </div>
  );
}
