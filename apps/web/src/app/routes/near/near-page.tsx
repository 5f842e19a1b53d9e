import type { FieldFilterParam, GeocodeItem, PlaceListItem } from '@karta/contracts';
import type { LatLng } from '@karta/map-core';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LocateButton } from '../../../components/locate-button.tsx';
import { useRuntimeConfig } from '../../../config/runtime-config.ts';
import { CategoryChips } from '../../../features/categories/components/category-chips.tsx';
import {
  FieldFilterPanel,
  type FilterCount,
} from '../../../features/field-filters/components/field-filter-panel.tsx';
import { useFieldFilters } from '../../../features/field-filters/hooks/use-field-filters.ts';
import { FollowSpotButton } from '../../../features/follows/components/follow-button.tsx';
import { type NearSearch, useNearPlaces } from '../../../features/near/api/list-near-places.ts';
import { useDebouncedValue } from '../../../hooks/use-debounced-value.ts';
import { usePageTitle } from '../../../hooks/use-page-title.ts';
import { useCategoryLooks } from '../../../lib/categories/use-category-looks.ts';
import { formatDistance } from '../../../lib/i18n/format.ts';
import type { NearState } from '../../../lib/near-url.ts';
import { formatCoordinates } from '../../../lib/place-links.ts';
import { scrollMapIntoView } from '../../../lib/scroll-map-into-view.ts';
import { MapUpdatingHint } from '../../places-map/map-updating-hint.tsx';
import { NearMap } from './near-map.tsx';
import { NearResults } from './near-results.tsx';
import { NearStart } from './near-start.tsx';
import { useNearUrlState } from './use-near-url-state.ts';

/** A dragged point asks the server once it rests this long, not at every step. */
const SEARCH_DELAY_MS = 250;

const NO_FILTERS: readonly FieldFilterParam[] = [];

/**
 * `/near`: places around the user's location or a point picked on the map, within a chosen radius,
 * and places whose own circle covers that point. Point, radius, tab, category and field filters live
 * in the URL.
 */
export function NearPage() {
  const { t } = useTranslation();
  usePageTitle(t('near.title'));
  const config = useRuntimeConfig();
  const { categories, lookOf } = useCategoryLooks(config.defaultLanguage);
  const { state, setPoint, setRadius, setTab, setCategories, setOpenNow, setFilters } = useNearUrlState();
  const fieldFilters = useFieldFilters({
    categories: state.categories,
    filters: state.filters ?? NO_FILTERS,
    onDropped: (kept) => setFilters(kept, 'replace'),
  });
  const filters = fieldFilters.filters;
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const mapSection = useRef<HTMLDivElement>(null);

  const point = useDebouncedValue(state.point, SEARCH_DELAY_MS);
  const search = useMemo<NearSearch | null>(() => {
    if (!point) return null;
    const { tab, radius, categories: chosen, openNow } = state;
    return tab === 'near'
      ? { kind: 'near', point, radius, categories: chosen, openNow, filters }
      : { kind: 'covers', point, categories: chosen, openNow, filters };
  }, [point, state, filters]);
  const list = useNearPlaces(search);
  // A new point waits for the debounce: until it is asked, the old answer is not its answer.
  const settling = state.point?.lat !== point?.lat || state.point?.lng !== point?.lng;
  const places = useMemo(() => list.data?.pages.flatMap((page) => page.items) ?? [], [list.data]);
  const filterCount = useNearCount(list, state, settling);

  function pick(next: LatLng, how: 'click' | 'move' | 'located') {
    if (how !== 'move') setSelectedId(null);
    setPoint(next, how === 'move' ? 'replace' : 'push');
  }

  function chooseAddress(address: GeocodeItem) {
    setSelectedId(null);
    setPoint({ lat: address.lat, lng: address.lng }, 'push', address.label);
    scrollMapIntoView(mapSection.current);
  }

  function chooseFromList(place: PlaceListItem) {
    setSelectedId(place.id);
    scrollMapIntoView(mapSection.current);
  }

  return (
    <div className="mx-auto grid max-w-screen-2xl gap-4 px-4 py-6 sm:px-6 lg:grid-cols-[minmax(0,1fr)_26rem] lg:grid-rows-[auto_1fr] lg:gap-x-8 lg:py-8">
      <section aria-labelledby="near-heading" className="min-w-0 lg:col-start-2 lg:row-start-1">
        <h1 id="near-heading" className="text-2xl font-semibold text-gray-900">
          {t('near.title')}
        </h1>
        <p className="mt-1 text-sm text-gray-600">{t('near.intro')}</p>
        <div className="mt-4">
          <LocateButton
            messages="near.locate"
            tone="primary"
            onFound={(found) => pick(found, 'located')}
            keptNote={state.point !== null ? t('near.locate.pointKept') : null}
          />
        </div>
        <p className="mt-2 text-sm text-gray-600">{t('near.pickHint')}</p>
        {state.point && (
          <p data-testid="near-point" className="mt-3 text-sm break-words text-gray-700 tabular-nums">
            {state.address
              ? t('near.address', { address: state.address })
              : t('near.point', { coordinates: formatCoordinates(state.point) })}
          </p>
        )}
      </section>

      <div
        ref={mapSection}
        className="min-w-0 scroll-mt-2 lg:sticky lg:top-4 lg:col-start-1 lg:row-span-2 lg:row-start-1 lg:self-start"
      >
        <NearMap
          point={state.point}
          radius={state.radius}
          showSearchCircle={state.tab === 'near'}
          showPlaceRadii={state.tab === 'covers'}
          search={search}
          places={places}
          selectedId={selectedId}
          lookOf={lookOf}
          onPick={pick}
          onSelect={setSelectedId}
        >
          {list.isFetching && !list.isFetchingNextPage && <MapUpdatingHint />}
        </NearMap>
      </div>

      <section aria-label={t('near.tabs.label')} className="min-w-0 lg:col-start-2 lg:row-start-2">
        {state.point && categories.length > 0 && (
          <div className="mb-5">
            <CategoryChips
              categories={categories}
              selected={state.categories}
              onChange={(next) => {
                setSelectedId(null);
                // A field no chosen category has is no longer offered, so its filter goes too.
                setCategories(next, fieldFilters.keptFor(next));
              }}
            />
            <FieldFilterPanel
              className="mt-3"
              groups={fieldFilters.groups}
              filters={filters}
              onChange={(next) => {
                setSelectedId(null);
                setFilters(next);
              }}
              count={filterCount}
              keepInView={mapSection}
              headingLevel={2}
              wideSide="right"
            />
          </div>
        )}
        {state.point ? (
          <NearResults
            tab={state.tab}
            onTabChange={(tab) => {
              setSelectedId(null);
              setTab(tab);
            }}
            radius={state.radius}
            onRadiusChange={setRadius}
            filtered={state.categories.length > 0 || state.openNow === true}
            fieldFiltered={filters.length > 0}
            onClearFieldFilters={() => setFilters([])}
            openNow={state.openNow === true}
            onOpenNowChange={(next) => {
              setSelectedId(null);
              setOpenNow(next);
            }}
            onShowAllCategories={() => {
              setCategories([]);
              setOpenNow(false);
            }}
            list={list}
            settling={settling}
            selectedId={selectedId}
            onSelect={chooseFromList}
            lookOf={lookOf}
            coversAction={<FollowSpotButton point={state.point} categories={state.categories} />}
          />
        ) : (
          <NearStart near={config.defaultCenter} onChooseAddress={chooseAddress} />
        )}
      </section>
    </div>
  );
}

/** The results' count, as the list over them says it, for the filter panel (none while it is counted). */
function useNearCount(
  list: ReturnType<typeof useNearPlaces>,
  state: NearState,
  settling: boolean,
): FilterCount | null {
  const { t, i18n } = useTranslation();
  const first = list.data?.pages[0];
  if (!first || list.isPlaceholderData || settling) return null;
  const atLeast = first.totalIsLowerBound ? 'AtLeast' : '';
  const radius = formatDistance(state.radius, i18n.language);
  return {
    total: first.total,
    text:
      state.tab === 'near'
        ? t(`near.nearby.count${atLeast}`, { count: first.total, radius })
        : t(`near.covers.count${atLeast}`, { count: first.total }),
  };
}
