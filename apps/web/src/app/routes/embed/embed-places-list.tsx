import type { PlaceListItem } from '@karta/contracts';
import type { Viewport } from '@karta/map-core';
import { useTranslation } from 'react-i18next';
import { ErrorState, LoadingState } from '../../../components/ui/states.tsx';
import { PlaceList } from '../../../features/places/components/place-list.tsx';
import type { CategoryView } from '../../../lib/categories/use-category-looks.ts';
import { errorMessageKey } from '../../../lib/error-message.ts';
import { usePlacesInView } from '../../../lib/places/list-places.ts';
import type { ViewState } from '../../../lib/view-url.ts';

interface EmbedPlacesListProps {
  view: ViewState;
  viewport: Viewport | null;
  lookOf(slug: string): CategoryView;
  onSelect(place: PlaceListItem): void;
}

/**
 * The embed's "list beside the map": the places in the frame's view with the embed's filters,
 * nearest the centre first, as the home page lists them, in a column of its own that scrolls.
 */
export function EmbedPlacesList({ view, viewport, lookOf, onSelect }: EmbedPlacesListProps) {
  const { t } = useTranslation();
  const list = usePlacesInView(
    viewport
      ? {
          bounds: viewport.bounds,
          origin: viewport.center,
          categories: view.categories,
          openNow: view.openNow,
          filters: view.filters,
        }
      : null,
  );
  const places = list.data?.pages.flatMap((page) => page.items) ?? [];
  let body: React.ReactNode;
  if (list.isError && places.length === 0) {
    body = <ErrorState title={t('places.listFailed')} body={t(errorMessageKey(list.error))} />;
  } else if (!list.data) {
    body = <LoadingState label={t('places.loading')} className="py-6" />;
  } else if (places.length === 0) {
    body = <p className="px-3 py-4 text-sm text-gray-700">{t('places.empty')}</p>;
  } else {
    body = (
      <PlaceList
        places={places}
        selectedId={view.placeId}
        categoryOf={lookOf}
        onSelect={onSelect}
        hasMore={list.hasNextPage}
        loadingMore={list.isFetchingNextPage}
        onShowMore={() => void list.fetchNextPage()}
      />
    );
  }
  return (
    // Two fifths of a narrow frame's height below the map, or of a wide frame's width beside it (at
    // most 20 rem): a basis works both ways, and needs no style of its own in the site's CSS.
    <section
      data-testid="embed-list"
      aria-labelledby="embed-list-heading"
      style={{ flexBasis: '40%' }}
      className="min-h-0 shrink-0 overflow-y-auto overscroll-contain bg-white ring-1 ring-gray-900/10 sm:max-w-xs"
    >
      <h2 id="embed-list-heading" className="px-3 py-2 text-sm font-semibold text-gray-900">
        {t('places.heading')}
      </h2>
      {body}
    </section>
  );
}
