import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api } from '../../../lib/api-client.ts';

export interface SimilarQuery {
  near: { lat: number; lng: number };
  name: string;
  /** The place being edited, which is not its own duplicate. */
  exclude?: number;
}

/** How long the name and position must rest before asking (typing or dragging fires many changes). */
export const SIMILAR_DEBOUNCE_MS = 400;

/** GET /api/v1/places/similar: published places within 200 m with a similar name. */
export function getSimilarPlaces(query: SimilarQuery, signal?: AbortSignal) {
  return api.similarPlaces(query, { signal });
}

/** `value`, once it has not changed for `delay` ms. */
function useDebounced<T>(value: T, delay: number): T {
  const [settled, setSettled] = useState(value);
  const key = JSON.stringify(value);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for `value` by content.
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [key, delay]);
  return settled;
}

/** Possible duplicates of the place being written, asked for as its name and position settle. */
export function useSimilarPlaces(query: SimilarQuery | null) {
  const settled = useDebounced(query, SIMILAR_DEBOUNCE_MS);
  const rounded = settled && {
    ...settled,
    // ~1 m: a drag's last pixels do not each ask again.
    near: { lat: Math.round(settled.near.lat * 1e5) / 1e5, lng: Math.round(settled.near.lng * 1e5) / 1e5 },
    name: settled.name.trim(),
  };
  return useQuery({
    queryKey: ['place-editor', 'similar', rounded],
    queryFn: ({ signal }) => getSimilarPlaces(rounded as SimilarQuery, signal),
    enabled: rounded !== null && rounded.name !== '',
    staleTime: 60_000,
    placeholderData: keepPreviousData,
    select: (answer) => answer.items,
  });
}
