import { NEAR_RADII, type PlaceListItem } from '@karta/contracts';
import { useTranslation } from 'react-i18next';
import { openFirst } from '../../../components/opening-hours/open-first.ts';
import { OpenNowSwitch } from '../../../components/opening-hours/open-now-switch.tsx';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import { MapPinIcon } from '../../../components/ui/icons.tsx';
import { ShowMoreButton } from '../../../components/ui/show-more-button.tsx';
import { EmptyState, LoadingState, QueryErrorState } from '../../../components/ui/states.tsx';
import type { useNearPlaces } from '../../../features/near/api/list-near-places.ts';
import { RadiusPicker } from '../../../features/near/components/radius-picker.tsx';
import { ResultTabs } from '../../../features/near/components/result-tabs.tsx';
import type { CategoryView } from '../../../lib/categories/use-category-looks.ts';
import { formatDistance } from '../../../lib/i18n/format.ts';
import type { NearRadius, NearTab } from '../../../lib/near-url.ts';
import { NearResultItem } from './near-result-item.tsx';

interface NearResultsProps {
  tab: NearTab;
  onTabChange(tab: NearTab): void;
  radius: NearRadius;
  onRadiusChange(radius: NearRadius): void;
  /** Only some categories are searched. */
  filtered: boolean;
  /** Field filters are on, and how to clear them (an empty list offers it first). */
  fieldFiltered: boolean;
  onClearFieldFilters(): void;
  /** "Open now only". */
  openNow: boolean;
  onOpenNowChange(openNow: boolean): void;
  onShowAllCategories(): void;
  list: ReturnType<typeof useNearPlaces>;
  /** The point just moved and will be searched in a moment: the list shown is the old point's. */
  settling: boolean;
  selectedId: number | null;
  onSelect(place: PlaceListItem): void;
  lookOf(slug: string): CategoryView;
  /** Beside the explanation of "Serves this spot" (the way to follow the spot by e-mail). */
  coversAction?: React.ReactNode;
}

/** The two answers for the point, as tabs: places within the radius, and places that serve the point. */
export function NearResults(props: NearResultsProps) {
  const { tab, onTabChange, radius, onRadiusChange, filtered, list, selectedId, onSelect, lookOf } = props;
  const { t, i18n } = useTranslation();
  const loaded = list.data?.pages.flatMap((page) => page.items) ?? [];
  // Who serves this spot and is open now comes first; places around stay nearest first.
  const places = tab === 'covers' ? openFirst(loaded) : loaded;
  const outdated = list.isPlaceholderData || props.settling;
  const total = list.data?.pages[0]?.total;
  // Past the server's count bound the total is "1 000+" (at least that many).
  const atLeast = list.data?.pages[0]?.totalIsLowerBound ? 'AtLeast' : '';
  const radiusText = formatDistance(radius, i18n.language);
  const wider = NEAR_RADII.find((candidate) => candidate > radius);

  let body: React.ReactNode;
  if (list.isError && !list.data) {
    body = (
      <QueryErrorState title={t('near.failed')} error={list.error} onRetry={() => void list.refetch()} />
    );
  } else if (!list.data) {
    body = <LoadingState label={t('near.loading')} />;
  } else if (places.length === 0 && (filtered || props.fieldFiltered)) {
    body = (
      <EmptyState
        icon={<MapPinIcon className="size-6" />}
        title={
          tab === 'near' ? t('near.nearby.emptyTitle', { radius: radiusText }) : t('near.covers.emptyTitle')
        }
        body={props.fieldFiltered ? t('filters.emptyHint') : t('near.emptyFiltered')}
        action={
          props.fieldFiltered ? (
            <button
              type="button"
              data-testid="empty-clear-field-filters"
              className={buttonStyles.secondary}
              onClick={props.onClearFieldFilters}
            >
              {t('filters.clear')}
            </button>
          ) : (
            <button type="button" className={buttonStyles.secondary} onClick={props.onShowAllCategories}>
              {t('places.showAll')}
            </button>
          )
        }
      />
    );
  } else if (places.length === 0) {
    body =
      tab === 'near' ? (
        <EmptyState
          icon={<MapPinIcon className="size-6" />}
          title={t('near.nearby.emptyTitle', { radius: radiusText })}
          body={t('near.nearby.emptyBody')}
          action={
            wider !== undefined && (
              <button
                type="button"
                data-testid="widen-radius"
                className={buttonStyles.secondary}
                onClick={() => onRadiusChange(wider)}
              >
                {t('near.nearby.widen', { radius: formatDistance(wider, i18n.language) })}
              </button>
            )
          }
        />
      ) : (
        <EmptyState
          icon={<MapPinIcon className="size-6" />}
          title={t('near.covers.emptyTitle')}
          body={t('near.covers.emptyBody')}
          action={
            <button type="button" className={buttonStyles.secondary} onClick={() => onTabChange('near')}>
              {t('near.covers.showNearby')}
            </button>
          }
        />
      );
  } else {
    body = (
      <>
        <ul data-testid="near-results" className="divide-y divide-gray-200">
          {places.map((place) => (
            <NearResultItem
              key={place.id}
              place={place}
              category={lookOf(place.category)}
              selected={place.id === selectedId}
              showServedRadius={tab === 'covers'}
              onSelect={onSelect}
            />
          ))}
        </ul>
        {list.hasNextPage && (
          <div className="border-t border-gray-200 p-3 text-center">
            <ShowMoreButton
              testId="show-more"
              loading={list.isFetchingNextPage}
              onShowMore={() => void list.fetchNextPage()}
            />
          </div>
        )}
      </>
    );
  }

  const count =
    total === undefined
      ? null
      : tab === 'near'
        ? t(`near.nearby.count${atLeast}`, { count: total, radius: radiusText })
        : t(`near.covers.count${atLeast}`, { count: total });

  return (
    <ResultTabs
      label={t('near.tabs.label')}
      current={tab}
      onChange={onTabChange}
      tabs={[
        { value: 'near', label: t('near.tabs.near') },
        { value: 'covers', label: t('near.tabs.covers') },
      ]}
    >
      {tab === 'near' ? (
        <RadiusPicker value={radius} onChange={onRadiusChange} />
      ) : (
        <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
          <p className="text-sm text-gray-700">{t('near.covers.explain')}</p>
          {props.coversAction}
        </div>
      )}
      <div className="mt-2">
        <OpenNowSwitch checked={props.openNow} onChange={props.onOpenNowChange} />
      </div>
      {/* Counts are announced as they change (a new point, radius or tab), the list is not. */}
      <p aria-live="polite" className="mt-4 mb-2 min-h-5 text-sm text-gray-600">
        {count !== null && !outdated && (
          <>
            <span data-testid="near-count" data-total={total} className="font-medium text-gray-900">
              {count}
            </span>
            {places.length > 0 && (
              <span> · {t(tab === 'covers' ? 'near.openFirst' : 'near.nearestFirst')}</span>
            )}
          </>
        )}
      </p>
      <div
        aria-busy={list.isFetching || props.settling}
        className={`overflow-hidden rounded-xl border border-gray-200 bg-white shadow-sm transition-opacity ${
          outdated ? 'opacity-60' : ''
        }`}
      >
        {body}
      </div>
    </ResultTabs>
  );
}
