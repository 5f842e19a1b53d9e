import type { PhotoListQuery } from '@karta/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** Every photo query starts with this, so any change to photos can mark them all stale. */
export const photosQueryRoot = ['photos'] as const;

/** The cache key of a place's photos, as the reader may see them. */
export function placePhotosQueryKey(placeId: number) {
  return [...photosQueryRoot, 'place', placeId] as const;
}

/** GET /api/v1/places/:id/photos: the photos the reader may see, in the place's order. */
export function usePlacePhotos(placeId: number | null) {
  return useQuery({
    queryKey: placePhotosQueryKey(placeId ?? 0),
    queryFn: ({ signal }) => api.listPlacePhotos(placeId as number, { signal }),
    enabled: placeId !== null,
    staleTime: 60_000,
  });
}

/** GET /api/v1/photos?scope=review|mine: the review queue, or the reader's own uploads. */
export function usePhotoList(scope: PhotoListQuery['scope']) {
  return useQuery({
    queryKey: [...photosQueryRoot, 'list', scope] as const,
    queryFn: ({ signal }) => api.listPhotos({ scope }, { signal }),
  });
}
