import type { FieldFilterParam, Place } from '@karta/contracts';
import { Suspense, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { SkipLink } from '../../../components/ui/skip-link.tsx';
import { useRuntimeConfig } from '../../../config/runtime-config.ts';
import {
  FieldFilterPanel,
  type FilterCount,
} from '../../../features/field-filters/components/field-filter-panel.tsx';
import { useFieldFilters } from '../../../features/field-filters/hooks/use-field-filters.ts';
import { FollowAreaButton } from '../../../features/follows/components/follow-button.tsx';
import { boundsContain } from '../../../features/map/utils/bounds.ts';
import {
  SaveAreaButton,
  SaveAreaStatus,
  SavedAreasLink,
} from '../../../features/offline/components/save-area-button.tsx';
import { useSaveArea } from '../../../features/offline/hooks/use-save-area.ts';
import { ExportLinks } from '../../../features/places/components/export-links.tsx';
import { FeedLink } from '../../../features/places/components/feed-link.tsx';
import { usePageTitle } from '../../../hooks/use-page-title.ts';
import { useCategoryLooks } from '../../../lib/categories/use-category-looks.ts';
import { lazyWithAllMessages } from '../../../lib/i18n/lazy-with-all-messages.tsx';
import { placeOfListItem, usePlacesInView } from '../../../lib/places/list-places.ts';
import { placeName } from '../../../lib/places/place-text.ts';
import { publicOrigin } from '../../../lib/public-origin.ts';
import { scrollMapIntoView } from '../../../lib/scroll-map-into-view.ts';
import { forgetAddress, useChosenAddress } from '../../places-map/chosen-address.ts';
import { usePlacesMap, useViewDefaults } from '../../places-map/use-places-map.tsx';
import { useViewUrlState } from '../../places-map/use-view-url-state.ts';
import { PlacesPanel } from './places-panel.tsx';
import { ProposeEntry } from './propose-entry.tsx';
import { ShareButton } from './share-button.tsx';

const NO_FILTERS: readonly FieldFilterParam[] = [];

/**
 * The panel of an address chosen in the header's search: a chunk of its own, with its messages,
 * off the first view (it opens only after the search's own chunk, which brings every message).
 */
const AddressPanel = lazyWithAllMessages(async () => (await import('./address-panel.tsx')).AddressPanel);

/**
 * Home: the map, and under it the category filter, the field filters and the places in view, kept
 * in step both ways. With a search (`q`) the list holds every place matching it and the map shows
 * them. The filters are the URL's, so the map, the list, a shared link and an embed agree.
 */
export function HomePage() {
  const { t, i18n } = useTranslation();
  usePageTitle(null);
  const config = useRuntimeConfig();
  const mapSection = useRef<HTMLDivElement>(null);

  const {
    view: urlView,
    moveTo,
    selectPlace,
    clearMissingPlace,
    setCategories,
    setSearch,
    setOpenNow,
    setFilters,
  } = useViewUrlState(useViewDefaults());
  const { categories, lookOf } = useCategoryLooks(config.defaultLanguage);
  const fieldFilters = useFieldFilters({
    categories: urlView.categories,
    filters: urlView.filters ?? NO_FILTERS,
    onDropped: (kept) => setFilters(kept, 'replace'),
  });
  // What the map and the list ask for: the URL's filters that apply to its categories.
  const appliedFilters = fieldFilters.filters;
  const view = useMemo(() => ({ ...urlView, filters: appliedFilters }), [urlView, appliedFilters]);
  // The URL follows the map as it moves, so its view is the one on screen.
  const share = <ShareButton view={view} origin={publicOrigin(config.publicUrl)} />;
  const map = usePlacesMap({ view, moveTo, selectPlace, clearMissingPlace, lookOf });
  const { viewport } = map;

  const searching = view.search !== undefined;
  const inView = usePlacesInView(
    viewport && !searching
      ? {
          bounds: viewport.bounds,
          origin: viewport.center,
          categories: view.categories,
          openNow: view.openNow,
          filters: view.filters,
        }
      : null,
  );
  const list = searching ? map.matching : inView;
  const filterCount = useFilterCount(list, view.search);
  const saving = useSaveArea(viewport?.bounds ?? null);
  const chosenAddress = useChosenAddress();
  // The area in words for "Follow this area": the places nearest the middle of the view.
  const nearest = (inView.data?.pages[0]?.items ?? [])
    .slice(0, 2)
    .map((place) => placeName(place, i18n.language));

  function chooseFromList(place: Place) {
    map.choosePlace(place);
    const shown = map.handle.current?.getViewport();
    if (shown && !boundsContain(shown.bounds, place)) map.handle.current?.setView(place, shown.zoom);
    scrollMapIntoView(mapSection.current);
  }

  return (
    <>
      <h1 className="sr-only">{t('map.label')}</h1>
      {/* The area tools sit over the map's corner but come before it, and the skip link right
          before the map, so the map's own two Tab stops are all that lie between the skip link and
          the list. */}
      <div ref={mapSection} className="relative scroll-mt-2">
        <div data-map-overlay className="absolute top-3 right-3 z-[1000] flex gap-2">
          {/* The feed and the e-mail follow are of a view and its categories, not of a search. */}
          {!searching && (
            <>
              <FollowAreaButton
                bounds={viewport?.bounds ?? null}
                categories={view.categories}
                near={nearest}
              />
              <SaveAreaButton saving={saving} />
            </>
          )}
          {share}
        </div>
        <SkipLink href="#places" testId="skip-map">
          {t('map.skipMap')}
        </SkipLink>
        {map.element}
      </div>
      <div className="mx-auto max-w-screen-2xl px-4 sm:px-6">
        {chosenAddress && (
          <Suspense fallback={null}>
            <AddressPanel
              key={chosenAddress.choice}
              address={chosenAddress.address}
              categories={view.categories}
              onClose={() => {
                forgetAddress();
                // Back to where the address came from, rather than to the page's start.
                document.querySelector<HTMLInputElement>('form[role=search] input')?.focus();
              }}
            />
          </Suspense>
        )}
        <SaveAreaStatus saving={saving} />
      </div>
      <PlacesPanel
        categories={categories}
        selectedCategories={view.categories}
        onCategoriesChange={(next) => {
          map.closeClusterWindow();
          // A field no chosen category has is no longer offered, so its filter goes too.
          setCategories(next, fieldFilters.keptFor(next));
        }}
        openNow={view.openNow === true}
        onOpenNowChange={(next) => {
          map.closeClusterWindow();
          setOpenNow(next);
        }}
        fieldFilters={
          <FieldFilterPanel
            className="mt-3"
            groups={fieldFilters.groups}
            filters={view.filters}
            onChange={(next) => {
              map.closeClusterWindow();
              setFilters(next);
            }}
            count={filterCount}
            keepInView={mapSection}
          />
        }
        fieldFiltered={view.filters.length > 0}
        onClearFieldFilters={() => setFilters([])}
        list={list}
        search={view.search}
        onClearSearch={() => setSearch(undefined)}
        selectedId={view.placeId}
        lookOf={lookOf}
        onSelect={(place) => chooseFromList(placeOfListItem(place))}
        aside={<ProposeEntry center={viewport?.center ?? view.center} zoom={viewport?.zoom ?? view.zoom} />}
        footer={
          <>
            {/* A search that found nothing has nothing to download. */}
            {!(searching && list.data?.pages[0]?.total === 0) && (
              <ExportLinks
                bounds={viewport?.bounds ?? null}
                categories={view.categories}
                openNow={view.openNow}
                search={view.search}
                fieldFilters={view.filters}
              />
            )}
            {/* The feed is of a view and its categories, not of a search. */}
            {!searching && <FeedLink bounds={viewport?.bounds ?? null} categories={view.categories} />}
            <SavedAreasLink />
          </>
        }
      />
    </>
  );
}

/** The list's count, as the heading over it says it, for the filter panel (none while it is counted). */
function useFilterCount(
  list: ReturnType<typeof usePlacesInView>,
  search: string | undefined,
): FilterCount | null {
  const { t } = useTranslation();
  const first = list.data?.pages[0];
  if (!first || list.isPlaceholderData) return null;
  const atLeast = first.totalIsLowerBound ? 'AtLeast' : '';
  return {
    total: first.total,
    text:
      search === undefined
        ? t(`places.countInView${atLeast}`, { count: first.total })
        : t(`places.search.count${atLeast}`, { count: first.total, text: search }),
  };
}
