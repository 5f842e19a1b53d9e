import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** DELETE /api/v1/categories/:id (409 with `details.places` while places use it). */
export function deleteCategory(id: number) {
  return api.deleteCategory(id);
}

/** Deletes an unused category; every list of categories reloads. */
export function useDeleteCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCategory,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['categories'] }),
  });
}
