import type { PlaceListItem as PlaceListEntry } from '@karta/contracts';
import { useEffect, useRef } from 'react';
import { ShowMoreButton } from '../../../components/ui/show-more-button.tsx';
import { PlaceListItem } from './place-list-item.tsx';

interface PlaceListProps {
  places: readonly PlaceListEntry[];
  selectedId: number | null;
  categoryOf(slug: string): { name: string; color: string };
  onSelect(place: PlaceListEntry): void;
  hasMore: boolean;
  loadingMore: boolean;
  onShowMore(): void;
  /** Each place's distance from the map's centre; search results, ranked by match, go without. */
  showDistance?: boolean;
}

/**
 * Scrolls `item` into view inside `container` only (where it scrolls), so choosing a marker never
 * scrolls the page away from the map.
 */
function revealWithin(container: HTMLElement, item: HTMLElement) {
  // The container is positioned, so offsetTop is measured from its top edge.
  const top = item.offsetTop;
  const bottom = top + item.offsetHeight;
  if (top < container.scrollTop) container.scrollTop = top;
  else if (bottom > container.scrollTop + container.clientHeight) {
    container.scrollTop = bottom - container.clientHeight;
  }
}

/** The places in view, nearest first (or a search's matches), with "Show more"; the selected one is marked and kept in view. */
export function PlaceList(props: PlaceListProps) {
  const {
    places,
    selectedId,
    categoryOf,
    onSelect,
    hasMore,
    loadingMore,
    onShowMore,
    showDistance = true,
  } = props;
  const scroller = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const container = scroller.current;
    if (selectedId === null || !container) return;
    const item = container.querySelector<HTMLElement>(`[data-place-id="${selectedId}"]`);
    if (item) revealWithin(container, item);
  }, [selectedId]);

  return (
    // Beside the map (wide screens) the list scrolls in its own box, so the map stays in view; on
    // a phone it is under the map, and the page is the one thing that scrolls.
    <div ref={scroller} className="relative lg:max-h-[32rem] lg:overflow-y-auto lg:overscroll-contain">
      <ul data-testid="place-list" className="divide-y divide-gray-200">
        {places.map((place) => (
          <PlaceListItem
            key={place.id}
            place={place}
            category={categoryOf(place.category)}
            selected={place.id === selectedId}
            onSelect={onSelect}
            showDistance={showDistance}
          />
        ))}
      </ul>
      {hasMore && (
        <div className="border-t border-gray-200 p-3 text-center">
          <ShowMoreButton testId="show-more" loading={loadingMore} onShowMore={onShowMore} />
        </div>
      )}
    </div>
  );
}
