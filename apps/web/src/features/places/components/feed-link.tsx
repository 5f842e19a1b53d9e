import { encodeQuery, routes } from '@karta/contracts/wire';
import { type Bounds, normalizeBounds } from '@karta/map-core';
import { useTranslation } from 'react-i18next';
import { FeedIcon } from '../../../components/ui/icons.tsx';

/**
 * The Atom feed of changes to the published places in `bbox` of `categories` (any, when none): the
 * place list's filters in their wire form, on the same origin as the page.
 */
export function placesFeedUrl(filters: { bbox?: Bounds; categories?: readonly string[] } = {}): string {
  const search = new URLSearchParams(
    encodeQuery({
      bbox: filters.bbox ? normalizeBounds(filters.bbox) : undefined,
      category: filters.categories ? [...filters.categories] : undefined,
    }),
  );
  return `${routes.placesFeed.path}${search.size > 0 ? `?${search}` : ''}`;
}

interface FeedLinkProps {
  /** The map's view: the feed holds the changes to the places in it. */
  bounds: Bounds | null;
  categories: readonly string[];
}

/**
 * "Follow with a feed reader": a link to the Atom feed of places added, changed or archived in the
 * view, with the category filter. A feed reader takes the link's address; a browser opens the feed.
 */
export function FeedLink({ bounds, categories }: FeedLinkProps) {
  const { t } = useTranslation();
  if (!bounds) return null;
  return (
    <p className="mt-2 text-sm text-gray-600">
      <a
        href={placesFeedUrl({ bbox: bounds, categories })}
        type="application/atom+xml"
        data-testid="feed-link"
        className="inline-flex items-center gap-1.5 font-medium text-blue-800 underline-offset-2 hover:underline"
      >
        <FeedIcon className="size-4" />
        {t('places.feed.link')}
      </a>{' '}
      <span>{t('places.feed.hint')}</span>
    </p>
  );
}
