import type { PlaceListItem } from '@karta/contracts';
import { useTranslation } from 'react-i18next';
import { OpenNowSwitch } from '../../../components/opening-hours/open-now-switch.tsx';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import { ChevronDownIcon, CloseIcon, MapPinIcon, RetryIcon } from '../../../components/ui/icons.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/states.tsx';
import { CategoryChips } from '../../../features/categories/components/category-chips.tsx';
import { PlaceList } from '../../../features/places/components/place-list.tsx';
import type { CategoryView } from '../../../lib/categories/use-category-looks.ts';
import { errorMessageKey } from '../../../lib/error-message.ts';
import type { usePlacesInView } from '../../../lib/places/list-places.ts';

interface PlacesPanelProps {
  categories: readonly CategoryView[];
  selectedCategories: readonly string[];
  onCategoriesChange(categories: string[]): void;
  /** "Open now only". */
  openNow: boolean;
  onOpenNowChange(openNow: boolean): void;
  /** The field filters' button and panel, under the category filter. */
  fieldFilters?: React.ReactNode;
  /** Whether field filters are on, and how to clear them (an empty list offers it). */
  fieldFiltered: boolean;
  onClearFieldFilters(): void;
  /** The places in view, or those matching the search. */
  list: ReturnType<typeof usePlacesInView>;
  /** The search (`q`) the list answers; absent when it lists the places in view. */
  search?: string;
  onClearSearch(): void;
  selectedId: number | null;
  lookOf(slug: string): CategoryView;
  onSelect(place: PlaceListItem): void;
  /** Shown under the category filter (the "Propose a place" invitation). */
  aside?: React.ReactNode;
  /** Shown under the list (the download links). */
  footer?: React.ReactNode;
}

/** Under the map: the category filter, and the places in view (or matching the search) with their count. */
export function PlacesPanel(props: PlacesPanelProps) {
  const { categories, selectedCategories, onCategoriesChange, list, search, selectedId, lookOf, onSelect } =
    props;
  const { t } = useTranslation();
  const places = list.data?.pages.flatMap((page) => page.items) ?? [];
  const total = list.data?.pages[0]?.total;
  // Past the server's count bound the total is "1 000+" (at least that many).
  const atLeast = list.data?.pages[0]?.totalIsLowerBound ? 'AtLeast' : '';
  const filtered = selectedCategories.length > 0 || props.openNow;
  const showAll = () => {
    onCategoriesChange([]);
    if (props.openNow) props.onOpenNowChange(false);
  };
  // With field filters on, they are what most likely hides places: clearing them is offered first.
  const clearFieldFilters = props.fieldFiltered && (
    <button
      type="button"
      data-testid="empty-clear-field-filters"
      className={buttonStyles.secondary}
      onClick={props.onClearFieldFilters}
    >
      {t('filters.clear')}
    </button>
  );
  const searching = search !== undefined;
  const clearSearch = (
    <button
      type="button"
      data-testid="clear-search"
      className={buttonStyles.secondary}
      onClick={props.onClearSearch}
    >
      <CloseIcon className="size-4" />
      {t('places.search.clear')}
    </button>
  );

  const searchFoundNothing = searching && list.data !== undefined && places.length === 0;
  let body: React.ReactNode;
  if (list.isError && !list.data) {
    body = (
      <ErrorState
        title={t(searching ? 'places.search.failed' : 'places.listFailed')}
        body={t(errorMessageKey(list.error))}
        action={
          <button type="button" className={buttonStyles.secondary} onClick={() => void list.refetch()}>
            <RetryIcon />
            {t('errors.retry')}
          </button>
        }
      />
    );
  } else if (!list.data) {
    body = <LoadingState label={t('places.loading')} />;
  } else if (searchFoundNothing) {
    // Said at the top, with what to try (see the heading row).
    body = null;
  } else if (places.length === 0) {
    body = (
      <EmptyState
        icon={<MapPinIcon className="size-6" />}
        title={t('places.empty')}
        body={
          props.fieldFiltered
            ? t('filters.emptyHint')
            : filtered
              ? t('places.emptyFilteredHint')
              : t('places.emptyHint')
        }
        action={
          clearFieldFilters ||
          (filtered && (
            <button type="button" className={buttonStyles.secondary} onClick={showAll}>
              {t('places.showAll')}
            </button>
          ))
        }
      />
    );
  } else {
    body = (
      <PlaceList
        places={places}
        selectedId={selectedId}
        categoryOf={lookOf}
        onSelect={onSelect}
        hasMore={list.hasNextPage}
        loadingMore={list.isFetchingNextPage}
        onShowMore={() => void list.fetchNextPage()}
        showDistance={!searching}
      />
    );
  }

  let count: React.ReactNode = null;
  if (searchFoundNothing) {
    count = (
      <>
        <span data-testid="place-count" className="font-medium text-gray-900">
          {t('places.search.empty', { text: search })}
        </span>
        <span className="mt-1 block">
          {filtered || props.fieldFiltered
            ? t('places.search.emptyFilteredHint')
            : t('places.search.emptyHint')}
        </span>
      </>
    );
  } else if (total !== undefined) {
    count = (
      <>
        <span data-testid="place-count" className="font-medium text-gray-900">
          {searching
            ? t(`places.search.count${atLeast}`, { count: total, text: search })
            : t(`places.countInView${atLeast}`, { count: total })}
        </span>
        <span className="hidden sm:inline">
          {' '}
          · {t(searching ? 'places.search.sortedByRelevance' : 'places.sortedByDistance')}
        </span>
      </>
    );
  }

  return (
    // The "Skip the map" link lands here, before the filter, so keyboard users meet it first.
    // The heading and the count come first at every width, so on a phone what a search found
    // shows right under the map; the filter follows, then the list (one tap away by "Show the
    // list"), and the page is the only thing that scrolls.
    <section
      id="places"
      tabIndex={-1}
      aria-labelledby="places-heading"
      className="mx-auto grid max-w-screen-2xl gap-x-6 gap-y-4 px-4 py-4 sm:px-6 lg:grid-cols-[17rem_minmax(0,1fr)] lg:gap-x-8 lg:py-6 outline-none"
    >
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 lg:col-span-2">
        <div className="min-w-0">
          <h2 id="places-heading" className="text-lg font-semibold text-gray-900">
            {t(searching ? 'places.search.heading' : 'places.heading')}
          </h2>
          <p aria-live="polite" className="text-sm text-gray-600">
            {count}
          </p>
        </div>
        {searching && (
          <div className="flex flex-wrap gap-2">
            {places.length > 0 && (
              <a
                href="#place-list"
                data-testid="show-place-list"
                className={`${buttonStyles.secondary} lg:hidden`}
              >
                <ChevronDownIcon className="size-4" />
                {t('places.search.showList')}
              </a>
            )}
            {searchFoundNothing && clearFieldFilters}
            {searchFoundNothing && filtered && (
              <button type="button" className={buttonStyles.secondary} onClick={showAll}>
                {t('places.showAll')}
              </button>
            )}
            {clearSearch}
          </div>
        )}
      </div>
      <div className="min-w-0">
        <OpenNowSwitch checked={props.openNow} onChange={props.onOpenNowChange} />
        {categories.length > 0 && (
          <div className="mt-3">
            <CategoryChips
              categories={categories}
              selected={selectedCategories}
              onChange={onCategoriesChange}
            />
          </div>
        )}
        {props.fieldFilters}
        {props.aside}
      </div>
      <div id="place-list" className="min-w-0 scroll-mt-2">
        {body !== null && (
          <div
            aria-busy={list.isFetching}
            className={`overflow-hidden rounded-xl border border-gray-200 bg-white shadow-sm transition-opacity ${
              list.isPlaceholderData ? 'opacity-60' : ''
            }`}
          >
            {body}
          </div>
        )}
        {props.footer}
      </div>
    </section>
  );
}
