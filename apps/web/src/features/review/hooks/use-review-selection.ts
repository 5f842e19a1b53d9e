import type { PlaceListItem } from '@karta/contracts';
import { useCallback, useMemo, useState } from 'react';

/** A place picked for a batch decision, at the version the moderator saw. */
export interface SelectedPlace {
  id: number;
  version: number;
  name: string;
}

/** The places picked in the review queue, in the order they were picked. */
export function useReviewSelection(nameOf: (place: PlaceListItem) => string) {
  const [picked, setPicked] = useState<ReadonlyMap<number, SelectedPlace>>(new Map());
  const toEntry = useCallback(
    (place: PlaceListItem): SelectedPlace => ({ id: place.id, version: place.version, name: nameOf(place) }),
    [nameOf],
  );

  const toggle = useCallback(
    (place: PlaceListItem) =>
      setPicked((before) => {
        const next = new Map(before);
        if (next.has(place.id)) next.delete(place.id);
        else next.set(place.id, toEntry(place));
        return next;
      }),
    [toEntry],
  );
  const add = useCallback(
    (places: readonly PlaceListItem[]) =>
      setPicked((before) => {
        const next = new Map(before);
        for (const place of places) if (!next.has(place.id)) next.set(place.id, toEntry(place));
        return next;
      }),
    [toEntry],
  );
  const drop = useCallback(
    (ids: Iterable<number>) =>
      setPicked((before) => {
        const next = new Map(before);
        for (const id of ids) next.delete(id);
        return next;
      }),
    [],
  );
  const clear = useCallback(() => setPicked(new Map()), []);
  const selected = useMemo(() => [...picked.values()], [picked]);

  return { selected, has: (id: number) => picked.has(id), toggle, add, drop, clear };
}
