import type { PhotoFlagInput, PhotoPatch, PhotoTransition } from '@karta/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { photosQueryRoot } from './place-photos.ts';

/** After any photo write every photo list is stale: the place's, the queue, "my submissions". */
function useRefreshPhotos() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: photosQueryRoot });
}

/** PATCH /api/v1/photos/:id: alt text, licence, credit line. */
export function useUpdatePhoto() {
  const refresh = useRefreshPhotos();
  return useMutation({
    mutationFn: ({ id, ...patch }: PhotoPatch & { id: number }) => api.updatePhoto(id, patch),
    onSettled: refresh,
  });
}

/** POST /api/v1/photos/:id/transition: publish or hide (moderators). */
export function useTransitionPhoto() {
  const refresh = useRefreshPhotos();
  return useMutation({
    mutationFn: ({ id, ...body }: PhotoTransition & { id: number }) => api.transitionPhoto(id, body),
    onSettled: refresh,
  });
}

/** DELETE /api/v1/photos/:id. */
export function useDeletePhoto() {
  const refresh = useRefreshPhotos();
  return useMutation({ mutationFn: (id: number) => api.deletePhoto(id), onSettled: refresh });
}

/** PUT /api/v1/places/:id/photo-order. */
export function useOrderPhotos(placeId: number) {
  const refresh = useRefreshPhotos();
  return useMutation({
    mutationFn: (ids: number[]) => api.orderPhotos(placeId, { ids }),
    onSettled: refresh,
  });
}

/** POST /api/v1/photos/:id/flags: anyone may report a published photo. */
export function useFlagPhoto() {
  return useMutation({
    mutationFn: ({ id, ...input }: PhotoFlagInput & { id: number }) => api.flagPhoto(id, input),
  });
}
